/// An extension's own interface for the tests (the fixture's `web-interface` behaviour):
/// it asks for the items, shows them, and sends a caption with what it could reach of the
/// sheet — its DOM, its storage, the network, an inline script — all of which the sandbox
/// and the policy must refuse.
enum ProbeInterface {
    static let files: [String: String] = [
        "Interface/index.html": """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Probe</title>
            <link rel="stylesheet" href="style.css">
            <script src="probe.js" defer></script>
            <script>window.inlineRan = true;</script>
            </head>
            <body>
            <h1>Probe</h1>
            <ul id="items"></ul>
            <textarea id="caption" aria-label="Caption"></textarea>
            <button id="send">Send</button>
            </body>
            </html>
            """,
        "Interface/style.css": """
            body { font-family: sans-serif; margin: 12px; } h1 { font-size: 16px; color: rgb(10, 120, 60); }
            textarea { width: 100%; min-height: 60px; }
            """,
        "Interface/probe.js": """
            "use strict";
            const probe = {};
            try { probe.parentDOM = String(parent.document.title); } catch (e) { probe.parentDOM = "blocked: " + e.name; }
            try { probe.storage = String(localStorage.length); } catch (e) { probe.storage = "blocked: " + e.name; }
            probe.origin = String(self.origin);
            probe.inline = window.inlineRan ? "ran" : "blocked";
            window.addEventListener("message", event => {
              const message = event.data;
              if (message.type === "items") {
                document.getElementById("items").replaceChildren(...message.items.map(text => {
                  const li = document.createElement("li"); li.textContent = text; return li;
                }));
                document.body.dataset.ready = "yes";
                document.getElementById("caption").focus();
              }
            });
            document.getElementById("send").addEventListener("click", () => {
              parent.postMessage({ type: "done", text: document.getElementById("caption").value + " " + JSON.stringify(probe) }, "*");
            });
            fetch("probe.js").then(() => "open", error => "blocked: " + error.name).then(result => {
              probe.fetch = result;
              parent.postMessage({ type: "ready" }, "*");
            });
            """,
        // Outside the interface's folder: never served.
        "Secret.txt": "not for the page",
    ]
}
