/// What the loopback pages' scripts end with (the share sheet's, the dashboard's, the
/// keyboard panel's): the two helpers they build on (function declarations, so they serve
/// the code above them).
package enum PageScript {
    /// `el(tag, attrs, ...children)` makes an element whose children are nodes or text,
    /// never HTML (an extension's or a widget's text cannot inject markup); attributes
    /// named `on…` become listeners. `send(message)` writes JSON to the page's `socket`
    /// while it is open. `icon(name)` draws one of the pages' icons as inline SVG (stroked in
    /// the text's colour, 1em square), never as a font's glyph: a machine without an emoji
    /// font would show an empty box. Names: image, url, text, file, copy, save, check,
    /// cross, left, right; anything else is a dot.
    package static let helpers = #"""

        function el(tag, attrs, ...children) {
          const node = document.createElement(tag);
          for (const [key, value] of Object.entries(attrs || {})) {
            if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
            else if (value === true) node.setAttribute(key, "");
            else if (value !== false && value != null) node.setAttribute(key, value);
          }
          for (const child of children.flat()) if (child != null) node.append(child);
          return node;
        }
        function send(message) { if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); }
        const iconShapes = {
          image: [["rect", { x: 3, y: 4, width: 18, height: 16, rx: 2 }], ["circle", { cx: 9, cy: 10, r: 2 }], ["path", { d: "M3 18l5-5 4 4 3-3 6 6" }]],
          url: [["path", { d: "M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1.2 1.2" }],
                ["path", { d: "M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1.2-1.2" }]],
          text: [["path", { d: "M5 6h14M5 10h14M5 14h14M5 18h9" }]],
          file: [["path", { d: "M6 3h8l5 5v13H6z" }], ["path", { d: "M14 3v5h5" }]],
          copy: [["rect", { x: 9, y: 9, width: 11, height: 11, rx: 2 }], ["path", { d: "M15 9V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h4" }]],
          save: [["path", { d: "M12 4v10M7 9l5 5 5-5" }], ["path", { d: "M4 16v4h16v-4" }]],
          check: [["path", { d: "M5 12l5 5 9-10" }]],
          cross: [["path", { d: "M6 6l12 12M18 6L6 18" }]],
          left: [["path", { d: "M15 6l-6 6 6 6" }]],
          right: [["path", { d: "M9 6l6 6-6 6" }]],
          dot: [["circle", { cx: 12, cy: 12, r: 4 }]],
        };
        function icon(name) {
          const ns = "http://www.w3.org/2000/svg";
          const svg = document.createElementNS(ns, "svg");
          const look = { viewBox: "0 0 24 24", width: "1em", height: "1em", fill: "none", stroke: "currentColor", "stroke-width": "2",
                         "stroke-linecap": "round", "stroke-linejoin": "round", "aria-hidden": "true", class: "icon icon-" + name };
          for (const [key, value] of Object.entries(look)) svg.setAttribute(key, value);
          for (const [tag, attrs] of iconShapes[name] || iconShapes.dot) {
            const shape = document.createElementNS(ns, tag);
            for (const [key, value] of Object.entries(attrs)) shape.setAttribute(key, String(value));
            svg.append(shape);
          }
          return svg;
        }
        """#
}

