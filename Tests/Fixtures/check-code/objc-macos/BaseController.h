#import <Cocoa/Cocoa.h>

@interface BaseController : NSWindowController
@property (weak) IBOutlet NSTextField *baseField;
@end
