/// What the loopback pages' scripts end with (the share sheet's, the dashboard's, the
/// keyboard panel's): the two helpers they build on (function declarations, so they serve
/// the code above them).
package enum PageScript {
    /// `el(tag, attrs, ...children)` makes an element whose children are nodes or text,
    /// never HTML (an extension's or a widget's text cannot inject markup); attributes
    /// named `on…` become listeners. `send(message)` writes JSON to the page's `socket`
    /// while it is open.
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
        """#
}

