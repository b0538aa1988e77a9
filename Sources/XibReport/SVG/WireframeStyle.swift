/// The look of wireframes: one stylesheet for standalone SVG and for HTML pages (classes set by
/// `WireframeSVG`). Review marks: added green, removed red and dashed, modified amber.
extension WireframeSVG {
    public static let stylesheet = """
    .wf{font-family:-apple-system,"SF Pro Text",Inter,"Helvetica Neue",Helvetica,Arial,"Liberation Sans",sans-serif;background:#fafbfc}
    .wf .hv{font-family:Helvetica,Arial,"Liberation Sans",sans-serif}.wf .mono{font-family:Menlo,"Liberation Mono",monospace}
    .wf .box{fill:none;stroke:#8c939d;stroke-width:1;vector-effect:non-scaling-stroke}
    .wf .k-view.t-label>.box,.wf .k-view.t-field:not(.bordered)>.box{stroke:#c9ced6;stroke-dasharray:2 2}
    .wf .t-field.bordered>.box{fill:#fff;stroke:#8c939d}
    .wf .t-button>.box{fill:#eef4fe;stroke:#3b78e7}
    .wf .t-segmented>.box{fill:#eef4fe;stroke:#3b78e7}
    .wf .t-check>.box,.wf .t-radio>.box,.wf .t-disclosure>.box,.wf .t-help>.box,.wf .t-toggle>.box,.wf .t-slider>.box{stroke:none}
    .wf .checkbox{fill:#fff;stroke:#6e747d;stroke-width:1}.wf .checkbox.on{fill:#1f6feb;stroke:#1f6feb}
    .wf .tick{fill:none;stroke:#fff;stroke-width:1.6;stroke-linecap:round;stroke-linejoin:round}.wf .dot{fill:#fff}
    .wf .glyph{fill:#59636e}.wf .stroke{fill:none;stroke:#59636e;stroke-width:1.2;stroke-linecap:round;stroke-linejoin:round}
    .wf .helpbtn{fill:#fff;stroke:#8c939d;stroke-width:1}.wf .helpq{fill:#1d1d1f;font-weight:600}
    .wf .track{fill:#e3e5e8;stroke:#a7adb6;stroke-width:1}.wf .track.on{fill:#34c759;stroke:#2da44e}.wf .knob{fill:#fff;stroke:#8c939d;stroke-width:1}
    .wf .rail{stroke:#c9ced6;stroke-width:3;stroke-linecap:round}.wf .rail.on{stroke:#1f6feb}
    .wf .t-colorWell>.box{fill:#f4f5f7;stroke:#8c939d}.wf .swatch{fill:none;stroke:#6e747d;stroke-width:1}
    .wf .t-popUp>.box,.wf .t-stepper>.box{fill:#eef4fe;stroke:#3b78e7}
    .wf .t-button.on>.box{fill:#c5d8f7;stroke:#1f6feb}.wf .t-button.img>.box{fill:none}.wf .seg.on{fill:#c5d8f7;stroke:none}
    .wf .t-image>.box{fill:#eceff3;stroke:#a7adb6}
    .wf .t-control>.box{fill:#f4f5f7;stroke:#a7adb6}
    .wf .t-scroller>.box{fill:#e4e7eb;stroke:#c9ced6}
    .wf .t-cell>.box{stroke:#b9bfc8}
    .wf .k-bar>.box,.wf .t-bar>.box{fill:#f2f3f5;stroke:#a7adb6}
    .wf .t-window>.box{fill:#ececec;stroke:#6e747d;stroke-width:1.5}
    .wf .titlebar{fill:#e3e4e7;stroke:#a7adb6}
    .wf .light{stroke:none}.wf .light.close{fill:#ff5f57}.wf .light.min{fill:#febc2e}.wf .light.zoom{fill:#28c840}
    .wf .k-no-frame>.box{fill:#f6f2fd;stroke:#7c5cc4;stroke-dasharray:5 3}
    .wf .k-empty>.box{fill:#f7f7f8;stroke:#a7adb6;stroke-dasharray:5 3}
    .wf .k-repeated>.box{stroke:#c9ced6;stroke-dasharray:3 3}
    .wf .hidden{opacity:.45}.wf .hidden>.box{stroke-dasharray:4 3}
    .wf .tab{fill:#f4f5f7;stroke:#a7adb6}.wf .tab.on{fill:#d6e4fb;stroke:#3b78e7}
    .wf .t-header>.box{fill:#f4f5f7;stroke:#c9ced6}
    .wf .t-separator>.box{stroke:none}.wf .rule{stroke:#a7adb6;stroke-width:1}
    .wf .imgcap{fill:#6a717b}
    .wf .cross{stroke:#c3c8cf;stroke-width:1;fill:none;vector-effect:non-scaling-stroke}
    .wf .sep{stroke:#3b78e7;stroke-width:1}
    .wf text{fill:#1d1d1f}
    .wf .txt{fill:#1d1d1f}.wf .dark .txt,.wf .dark .caption{fill:#f2f2f5}
    .wf .btn{fill:#0a5bd3}.wf .dark .btn{fill:#8cc2ff}
    .wf .caption{fill:#6a717b}.wf .b{font-weight:600}
    .wf .halo{paint-order:stroke;stroke:#6e747d;stroke-width:.7px;stroke-linejoin:round}.wf .halo.lt{stroke:#c9ced6}
    .wf .note{fill:#5b4497;font-style:italic}
    .wf .bartitle{fill:#1d1d1f;font-weight:600}
    .wf .mark{fill:none;stroke-width:2.5;pointer-events:none;vector-effect:non-scaling-stroke}
    .wf .mark.added{stroke:#1a7f37}.wf .mark.removed{stroke:#cf222e;stroke-dasharray:6 4}.wf .mark.modified{stroke:#bf8700}
    .wf .m-added>.box{fill:#dafbe1;fill-opacity:.55}.wf .m-removed>.box{fill:#ffebe9;fill-opacity:.55}.wf .m-modified>.box{fill:#fff8c5;fill-opacity:.55}
    .wf g.s:hover>.box{stroke:#0969da;stroke-width:2}
    .wf.dk{background:#1c1c1e}.wf .ground{fill:#1c1c1e;stroke:none}.wf .da>.box{stroke:#6e7681}.wf .dark.k-view.t-label>.box{stroke:#48484a}
    .wf .da.t-field.bordered>.box,.wf .da.k-bar>.box,.wf .da.t-bar>.box,.wf .da.t-colorWell>.box,.wf .da.k-empty>.box,.wf .da.k-no-frame>.box{fill:#2c2c2e;stroke:#6e7681}
    .wf .dark.t-image>.box,.wf .dark.t-control>.box{fill:#2c2c2e;stroke:#6e7681}
    .wf .dark.t-button>.box,.wf .dark.t-segmented>.box,.wf .dark.t-popUp>.box,.wf .dark.t-stepper>.box{fill:#1b2b45;stroke:#4c8dff}
    .wf .dark.t-cell>.box{stroke:#48484a}.wf .da .checkbox{fill:#2c2c2e;stroke:#8c939d}.wf .da .checkbox.on{fill:#1f6feb;stroke:#1f6feb}.wf .da .track{fill:#3a3a3c}
    .wf .dark .imgcap,.wf .dark .caption{fill:#aeb4bd}.wf .dark .bartitle,.wf .da .helpq{fill:#f2f2f5}.wf .da .helpbtn{fill:#2c2c2e}.wf .dark .glyph{fill:#aeb4bd}.wf .dark .stroke{stroke:#aeb4bd}
    .wf .da .note{fill:#c4b5fd}
    .caption{font-family:-apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif;font-size:14px;fill:#24292f}
    """
}
