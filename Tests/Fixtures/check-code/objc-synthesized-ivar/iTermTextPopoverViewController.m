#import "iTermTextPopoverViewController.h"

@implementation iTermTextPopoverViewController

- (void)appendString:(NSString *)string {
    if (!string.length) {
        return;
    }
    NSDictionary *attributes = self.defaultAttributes;
    [_textView.textStorage appendAttributedString:[[NSAttributedString alloc] initWithString:string attributes:attributes]];
}

@end
