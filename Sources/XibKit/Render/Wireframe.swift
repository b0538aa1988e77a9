/// A sketch of a document's user interface, like Xcode's outline mode: each scene of a
/// storyboard, or each top-level view or window of a xib, as a canvas of shapes in canvas
/// coordinates (points, origin top-left). Built from the object graph by `WireframeBuilder`;
/// drawn by XibReport's SVG renderer. Not pixel-exact: frames, nesting, text and colours the
/// file gives, nothing the runtime would compute.
public struct Wireframe: Sendable {
    public var documentKind: IBDocument.Kind
    public var platform: IBDocument.Platform
    public var canvases: [Canvas]
    /// How many canvases were left out because one picture holds at most
    /// `WireframeBuilder.elementBudget` elements, and the title of the first: they are drawn
    /// by naming them (`only`).
    public var omitted = 0
    public var firstOmitted: String?

    public init(documentKind: IBDocument.Kind, platform: IBDocument.Platform, canvases: [Canvas]) {
        self.documentKind = documentKind
        self.platform = platform
        self.canvases = canvases
    }

    public struct Rect: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        public var maxX: Double { x + width }
        public var maxY: Double { y + height }

        public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

        public func union(_ r: Rect) -> Rect {
            let x0 = min(x, r.x), y0 = min(y, r.y)
            return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
        }
    }

    /// sRGB components and alpha, 0...1.
    public struct Color: Sendable, Equatable {
        public var red: Double
        public var green: Double
        public var blue: Double
        public var alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// Relative luminance (sRGB weights, without linearising: a sketch picks a text colour).
        public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
    }

    /// One drawn thing: a view at its frame, a simulated bar, a window's frame, a repeated
    /// prototype cell, or a placeholder for a view the file gives no frame.
    public struct Shape: Sendable {
        public enum Kind: String, Sendable {
            /// A view (or window) the file gives a frame (or content rect).
            case view
            /// A view without a frame: a "no frame" placeholder, stacked in its superview.
            case noFrame = "no-frame"
            /// A bar a view controller shows around its view (from its navigation item, tab
            /// bar item or toolbar items), or a controller's own bar without a frame.
            case bar
            /// A copy of a table or collection prototype filling the rest of its view: no id.
            case repeated
            /// A scene or object with nothing to draw (an application's menu, a placeholder).
            case empty
        }

        public enum Alignment: String, Sendable { case leading, center, trailing }

        public var kind: Kind
        /// The graph node drawn (for a repeated copy: the prototype's).
        public var node: Int
        /// The object id (nil for a repeated copy).
        public var id: String?
        /// `IBGraph.displayName` and `IBGraph.displayPath`, as the diff names the object.
        public var name: String
        public var path: String
        public var tag: String
        public var sketch: IBRules.Sketch?
        /// Canvas coordinates, origin top-left.
        public var frame: Rect
        /// What the object shows: its text, else nil.
        public var text: String?
        /// Segment titles, bar item titles.
        public var items: [String]
        public var image: String?
        /// The text's font size and weight, when the file gives them; its alignment.
        public var fontSize: Double?
        /// The font's name when the file names one (`Helvetica-Bold`), else nil: the system font.
        public var fontName: String?
        public var bold: Bool
        public var alignment: Alignment
        public var background: Color?
        /// Whether what lies under the shape's text is dark (text is then drawn light).
        public var onDark: Bool
        /// A field with a visible border.
        public var bordered: Bool
        /// Hidden in the file (`hidden="YES"`), or inside a hidden view.
        public var hidden: Bool
        public var depth: Int
        /// The text's colour when the file gives one (`IBRules.textColorKeys`).
        public var textColor: Color?
        /// The most lines the text shows (nil: as many as fit its box), and whether it wraps at
        /// its box's width (else only its own line breaks start a line).
        public var maxLines: Int?
        public var wraps = true
        /// The items that are an image's name, not a title (a segment showing an image).
        public var imageItems: Set<Int> = []
        /// A tab strip's or segmented control's selected item (`items` are their labels).
        public var selected: Int?
        /// A check box's, radio button's, switch's or disclosure triangle's state (nil: a
        /// control without one).
        public var state: State?
        /// The side of a check box's or radio button's glyph in points (AppKit's size for the
        /// control size), and whether it sits after the title (`imagePosition="right"`).
        public var glyphSize: Double?
        public var glyphTrailing = false
        /// What a colour well shows; a slider's knob, from 0 (minimum) to 1.
        public var swatch: Color?
        public var value: Double?
        /// Where each of `items` is drawn on a bar, as Xcode lays them out (left and right bar
        /// button items, toolbar items around flexible and fixed spaces); empty: spread evenly.
        public var itemFrames: [Rect] = []
        /// Whether the text is in a font the file names that no table measures (a custom font):
        /// its width is an estimate, so it is cut only when clearly wider than its box.
        public var substituteFont = false
        /// Drawn in the dark appearance (the document's, or a macOS view's `appearanceType`):
        /// controls' own fills (fields, check boxes, bars) take their dark look.
        public var darkAppearance = false
        /// The room a text keeps from its box's sides (an AppKit cell's 2 points, none for a
        /// UILabel or UIButton: `IBRules.textInsets`).
        public var textInset = 2.0

        public enum State: String, Sendable { case off, on, mixed }

        public init(kind: Kind, node: Int, id: String?, name: String, path: String, tag: String, sketch: IBRules.Sketch?,
                    frame: Rect, text: String? = nil, items: [String] = [], image: String? = nil, fontSize: Double? = nil,
                    bold: Bool = false, alignment: Alignment = .leading, background: Color? = nil,
                    onDark: Bool = false, bordered: Bool = false, hidden: Bool = false, depth: Int = 0) {
            self.kind = kind
            self.node = node
            self.id = id
            self.name = name
            self.path = path
            self.tag = tag
            self.sketch = sketch
            self.frame = frame
            self.text = text
            self.items = items
            self.image = image
            self.fontSize = fontSize
            self.bold = bold
            self.alignment = alignment
            self.background = background
            self.onDark = onDark
            self.bordered = bordered
            self.hidden = hidden
            self.depth = depth
        }
    }

    /// One scene or one top-level object: its shapes back to front.
    public struct Canvas: Sendable {
        /// The scene id, or the top-level object's id: the id of the diff's group for it.
        public var id: String
        /// `Login Scene`, `Window "Preferences"` (as the diff's group titles).
        public var title: String
        public var node: Int
        public var isScene: Bool
        /// The storyboard's initial scene.
        public var isInitial: Bool
        public var bounds: Rect
        public var shapes: [Shape]
        /// Drawn in the dark appearance (the file's `<device appearance="dark">`, and every
        /// watchOS screen): system colours take their dark values, text defaults to light.
        public var dark = false

        public init(id: String, title: String, node: Int, isScene: Bool, isInitial: Bool, bounds: Rect, shapes: [Shape]) {
            self.id = id
            self.title = title
            self.node = node
            self.isScene = isScene
            self.isInitial = isInitial
            self.bounds = bounds
            self.shapes = shapes
        }
    }
}
