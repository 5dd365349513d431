import LoopbackWeb

/// The keyboard panel's page, style and script, served from the binary: nothing is loaded
/// from anywhere else (the loopback pages' strict headers, `WebResponses`).
enum KeyboardPanelAssets {
    static let page = PageDocument.html(title: "Keyboard", body: """
        <main id="panel" class="panel" aria-label="Keyboard">
          <header class="top"><span id="name" class="name">Keyboard</span><span id="status" class="status" role="status" aria-live="polite">Connecting…</span></header>
          <div id="keys" class="keys"></div>
        </main>
        """)

    /// The page's script. Every title from the keyboard is set as text, never as HTML; a
    /// tap sends the key's identifier and the showing it belongs to, nothing else. A key is
    /// tapped when the mouse is released over the key it went down on, even if the keys were
    /// drawn again in between (the keyboard's answer to the previous key), and the page
    /// never takes the focus from the app on a click where the window manager allows it
    /// (`mousedown` does nothing by default); Enter or Space on a focused key taps it too.
    static let script = #"""
        "use strict";
        const keysNode = document.getElementById("keys");
        const nameNode = document.getElementById("name");
        const statusNode = document.getElementById("status");
        const socket = new WebSocket(location.href.replace(/^http/, "ws").replace(/[^/]*$/, "") + "live");
        let content = { showing: null, lines: [] };
        let drawn = null;
        let pressed = null;

        function renderKey(key) {
          if (key.kind !== "button") return el("span", { class: "label " + key.kind, "data-id": String(key.id) }, key.text);
          const wide = key.text.length > 2 ? " wide" : "";
          return el("button", { class: "key" + wide, type: "button", disabled: !key.enabled, "data-id": String(key.id) }, key.text);
        }

        function render(next, json) {
          content = next;
          if (json === drawn) return;
          drawn = json;
          nameNode.textContent = content.name || "Keyboard";
          statusNode.textContent = content.status;
          document.body.classList.toggle("idle", content.lines.length === 0);
          keysNode.replaceChildren(...content.lines.map(line => el("div", { class: "line" }, line.map(renderKey))));
        }

        function keyAt(target) {
          const key = target && target.closest ? target.closest("button.key") : null;
          return key && !key.disabled ? key.getAttribute("data-id") : null;
        }
        function tap(id) { if (content.showing !== null) send({ showing: content.showing, tap: Number(id) }); }

        keysNode.addEventListener("mousedown", event => { event.preventDefault(); pressed = keyAt(event.target); });
        document.addEventListener("mouseup", event => {
          const id = keyAt(event.target);
          if (id !== null && id === pressed) tap(id);
          pressed = null;
        });
        // A click the keyboard of the computer made (Enter, Space on a focused key): detail is 0.
        keysNode.addEventListener("click", event => { if (event.detail === 0) { const id = keyAt(event.target); if (id !== null) tap(id); } });

        socket.addEventListener("message", event => render(JSON.parse(event.data), event.data));
        socket.addEventListener("close", () => {
          render({ showing: null, name: null, lines: [], status: "The keyboard engine has ended." }, "ended");
          // A window this engine opened closes with it; a tab someone opened stays, saying so.
          window.close();
        });
        """# + PageScript.helpers

    static let style = #"""
        :root { color-scheme: light dark; --bg: #d1d4da; --key: #fff; --special: #adb3bc; --text: #111; --muted: #4b4f56; --shadow: #898a8d;
          font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", sans-serif; }
        @media (prefers-color-scheme: dark) { :root { --bg: #2b2b2d; --key: #6b6b6e; --special: #464649; --text: #fff; --muted: #b8b8bd; --shadow: #1b1b1c; } }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; background: var(--bg); color: var(--text); font-size: 16px; user-select: none; }
        .panel { display: flex; flex-direction: column; gap: 6px; padding: 6px 4px 8px; }
        .top { display: flex; align-items: baseline; gap: 8px; padding: 0 4px; font-size: 12px; min-height: 1.3em; }
        .name { font-weight: 600; white-space: nowrap; }
        .status { color: var(--muted); overflow: hidden; text-overflow: ellipsis; }
        body.idle .status { white-space: normal; }
        .keys { display: flex; flex-direction: column; gap: 7px; }
        .line { display: flex; gap: 5px; justify-content: center; align-items: stretch; flex-wrap: wrap; }
        .key { font: inherit; font-size: 18px; color: var(--text); background: var(--key); border: 0; border-radius: 5px;
          box-shadow: 0 1px 0 var(--shadow); min-width: 30px; min-height: 38px; padding: 0 6px; flex: 1 1 0; max-width: 48px; cursor: pointer; }
        .key.wide { flex: 2 1 auto; min-width: max-content; max-width: 140px; font-size: 15px; background: var(--special); }
        .key:active { background: var(--special); }
        .key:disabled { opacity: .45; cursor: default; }
        .label { align-self: center; font-size: 14px; color: var(--muted); padding: 0 4px; }
        .label.heading { font-weight: 600; color: var(--text); }
        """#
}
