#import <Cocoa/Cocoa.h>

NS_ASSUME_NONNULL_BEGIN

@interface iTermTextPopoverViewController : NSViewController<NSTextViewDelegate>

@property (nonatomic, strong) IBOutlet NSPopover *popover;
@property (nonatomic, strong) IBOutlet NSTextView *textView;
@property (nonatomic, readonly) NSDictionary *defaultAttributes;

- (void)appendString:(NSString *)string;

@end

NS_ASSUME_NONNULL_END
