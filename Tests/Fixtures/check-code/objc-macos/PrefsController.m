#import "PrefsController.h"

@interface PrefsController ()
@property (weak) IBOutlet NSTextField *privateField;
@property (weak) IBOutlet NSTextField *neverConnected;
@end

@implementation PrefsController
@synthesize synthesized = storage_;

- (IBAction)fieldChanged:(id)sender {
    if (flag) { [self doSomething:@"x" with:@{ @"k": @1 }]; }
    NSString *s = @"Preferences";
    [self performSegueWithIdentifier:@"noSuchSegue" sender:self];
}

- (void)setViaSetter:(NSTextField *)field {}
@end

@interface PrefsController (Actions)
- (IBAction)categoryAction:(id)sender;
@end

@implementation NSView (Responder)
- (void)customResponderAction:(id)sender {}
@end
