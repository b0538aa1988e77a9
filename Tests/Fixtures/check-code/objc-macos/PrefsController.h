#import <Cocoa/Cocoa.h>
#import "BaseController.h"

@protocol PrefsDelegate;
@class Other;

NS_ASSUME_NONNULL_BEGIN

/* A block comment with @interface Fake : NSObject inside. */
@interface PrefsController : BaseController<NSWindowDelegate, PrefsDelegate>
{
    IBOutlet NSTextField *nameField;
    NSInteger _count;
    NSString *plainIvar, *secondIvar;
    unsigned flag : 1;
    NSString *storage_;
}
@property (nonatomic, copy) NSString *synthesized;
- (IBAction)fieldChanged:(id)sender;
- (void)setViaSetter:(NSTextField *)field;
@end

NS_ASSUME_NONNULL_END
