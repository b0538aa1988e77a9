/// How Xcode's canvas draws controls: their on/off state, the kind of button a cell's type or
/// bezel makes (check box, radio button, disclosure triangle, help button), the sizes that go
/// with a control size, colour wells, switches, sliders and steppers, and `NSMatrix`'s grid of
/// cells. Read by `render` and `review` (`CanvasBuilder+Controls`).
extension IBRules {
    /// A control's state, on it or its cell: AppKit's `state="on"` (`mixed`: a dash), UIKit's
    /// `<switch on="YES">`.
    public static let stateAttribute = "state", onState = "on", mixedState = "mixed"
    public static let switchOnAttribute = "on"

    /// Button types and bezel styles (on a button's cell, or a matrix's cell) that draw a control
    /// of their own instead of a push button; the first that matches wins.
    public static let buttonGlyphs: [(attribute: String, value: String, sketch: Sketch)] = [
        ("type", "check", .check), ("type", "radio", .radio),
        ("type", "disclosureTriangle", .disclosure), ("bezelStyle", "disclosure", .disclosure),
        ("type", "help", .help), ("bezelStyle", "helpButton", .help),
    ]
    /// The sketches whose state, size or value is read (the others have none).
    public static let describedControlSketches: Set<Sketch> = [.check, .radio, .disclosure, .toggle, .button, .colorWell, .slider]
    /// Button types that stay pressed while their state is on (a toggle): drawn filled when on.
    public static let toggleButtonTypes: Set<String> = ["pushOnPushOff", "toggle", "onOff"]

    /// `controlSize` (on a control or its cell) and, by size, AppKit's check box and radio
    /// button glyph (14, 12, 10 points) and the system font a control uses
    /// (`usesAppearanceFont="YES"`, or no font in the file): 13, 11, 9 points.
    public static let controlSizeAttribute = "controlSize"
    public static let checkGlyphSizes: [String: Double] = ["regular": 14, "small": 12, "mini": 10, "large": 16]
    public static let controlFontSizes: [String: Double] = ["regular": 13, "small": 11, "mini": 9, "large": 13]
    public static let regularControlSize = "regular"
    /// A font that is the system font at the control's size (`<font key="font" usesAppearanceFont="YES"/>`).
    public static let appearanceFontAttribute = "usesAppearanceFont"

    /// Where a button's image, and so a check box's box, sits beside its title: `imagePosition`
    /// values putting it after the title (the box on the right).
    public static let imagePositionAttribute = "imagePosition"
    public static let trailingImagePositions: Set<String> = ["right", "trailing"]

    /// A segmented control's selected segment: UIKit's index on the control, AppKit's flag on
    /// the segment; none on a momentary control (UIKit's flag, AppKit's tracking mode).
    public static let selectedSegmentAttribute = "selectedSegmentIndex", segmentSelectedAttribute = "selected"
    public static let momentaryAttribute = "momentary"
    public static let momentaryTracking = (attribute: "trackingMode", value: "momentary")

    /// A push button's bezel (`bezelStyle="rounded"`) lies inside its frame: AppKit's frame of
    /// such a button keeps room for the bezel's shadow and focus ring (a regular one is 32
    /// points tall around a 21-point bezel, 6 points in from each side, the spare height 4 above
    /// and 7 below). By control size, the bezel's height and its side inset; a frame no taller
    /// than the bezel (a newer layout, or a size not here) is the bezel. (Spare height split 4:7.)
    public static let roundedBezel = (attribute: "bezelStyle", value: "rounded")
    public static let roundedBezelMetrics: [String: (height: Double, side: Double)] = ["regular": (21, 6), "small": (18, 5)]
    public static let roundedBezelTopShare = 4.0 / 11

    /// A colour well shows its colour (`<color key="color">`) inside its bezel.
    public static let colorWellColorKey = "color"

    /// A slider's value within its range, where its knob is drawn (UIKit `value`, `minValue`,
    /// `maxValue`; AppKit's on its `sliderCell`, `doubleValue`).
    public static let sliderValueAttributes = (value: ["value", "doubleValue"], min: "minValue", max: "maxValue")

    /// `NSMatrix`: a grid of cells (`<cells>`, a `<column>` of cells each) of `cellSize`, spaced
    /// by `intercellSpacing`; each cell drawn as its type makes it (radio button, check box, button).
    public static let matrixTag = "matrix"
    public static let matrixCells = (container: "cells", column: "column", cellSize: "cellSize")
}
