import UIKit

/// Built in code now: LegacyScreen.xib is left over, and nothing loads it.
class SettingsController: UIViewController {}
