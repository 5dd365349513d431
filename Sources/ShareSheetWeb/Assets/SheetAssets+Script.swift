import LoopbackWeb

extension SheetAssets {
    /// The page's script. Every text from the share or an extension is set as text, never
    /// as HTML: an extension's name or a reason cannot inject markup.
    static let script = #"""
        "use strict";
        const root = document.getElementById("sheet");
        const socket = new WebSocket(location.href.replace(/^http/, "ws").replace(/[^/]*$/, "") + "live");
        let share = null, sheet = null, view = null, running = null, notice = "", over = false, textArea = null;
        // The view controller's and the alerts' text inputs, kept across renders by key: while
        // the person types in one, it is the truth (a reply may carry a text one keystroke old).
        const inputs = new Map();
        let editing = false, whyOpen = false, asking = null;
        // The running extension's own interface: a sandboxed frame (an opaque origin: it
        // cannot reach this page), and what the extension posted before its page first
        // posted (until then the page may not be listening yet: a frame's first load event
        // can be its empty document's).
        let frame = null, frameReady = false, frameQueue = [];

        function act(type, extra) { notice = ""; send(Object.assign({ kind: "event", type }, extra || {})); }
        function viewAct(type, extra) { notice = ""; send(Object.assign({ kind: "view", type }, extra || {})); }
        // One input per key; its value follows the snapshot only while the person is not in it.
        function kept(key, make, value) {
          let node = inputs.get(key);
          if (!node) { node = make(); node.id = key; inputs.set(key, node); }
          if (value !== undefined && document.activeElement !== node && node.value !== value) node.value = value;
          return node;
        }
        // The standard activities' icons; another host's activity shows the symbol it chose.
        const activityIcons = { "appex.copy": "copy", "appex.save-to-folder": "save" };

        function renderShare() {
          const items = el("ul", { class: "items" }, share.items.map(item =>
            el("li", {}, el("div", { class: "kind", "aria-hidden": "true" }, item.thumbnail ? el("img", { src: item.thumbnail, alt: "" }) : icon(item.kind)),
               el("div", {}, el("div", { class: "name" }, item.detail || item.name), el("div", { class: "types" }, item.types.join(", "))))));
          const apps = share.eligible.length
            ? el("div", { class: "grid", role: "list" }, share.eligible.map((app, index) =>
                el("div", { role: "listitem" },
                  el("button", { class: "app", "data-id": app.id, onclick: () => { send({ kind: "choose", id: app.id }); } },
                    el("img", { src: app.icon, alt: "" }), el("span", {}, app.name)),
                  share.canReorder && share.eligible.length > 1 ? el("div", { class: "order" },
                    el("button", { "aria-label": "Move " + app.name + " earlier", disabled: index === 0, onclick: () => move(index, -1) }, icon("left")),
                    el("button", { "aria-label": "Move " + app.name + " later", disabled: index === share.eligible.length - 1, onclick: () => move(index, 1) }, icon("right"))) : null)))
            : el("p", { class: "status" }, "No extension accepts this share.");
          const actions = share.activities.length ? el("div", { class: "grid", role: "list" }, share.activities.map(activity =>
            el("div", { role: "listitem" },
              el("button", { class: "app", "data-activity": activity.id, onclick: () => chooseActivity(activity) },
                el("span", { class: "glyph", "aria-hidden": "true" }, activityIcons[activity.id] ? icon(activityIcons[activity.id]) : activity.symbol),
                el("span", {}, activity.title))))) : null;
          const why = share.excluded.length ? el("details", { class: "card", id: "why", open: whyOpen, ontoggle: event => { whyOpen = event.target.open; } },
            el("summary", {}, "Why not the others? (" + share.excluded.length + ")"),
            el("ul", { class: "reasons" }, share.excluded.map(other =>
              el("li", {}, el("div", { class: "name" }, other.name + " "), el("div", { class: "types" }, other.id), el("div", { class: "why" }, other.reason))))) : null;
          const edit = share.canSwitch ? el("button", { id: "edit", class: "link", "aria-expanded": String(editing), onclick: () => { editing = !editing; render(); } },
            editing ? "Done" : "Edit") : null;
          return [el("h1", {}, "Share"),
                  el("section", { class: "card" }, el("h2", {}, "Sharing"), items),
                  // Edit comes after the extensions: Tab reaches the first extension first.
                  el("section", { class: "card" }, el("h2", {}, share.point === "com.apple.ui-services" ? "Actions" : "Share with"),
                     editing ? renderSwitches() : apps, edit ? el("div", { class: "edit" }, edit) : null),
                  actions ? el("section", { class: "card" }, el("h2", {}, "More"), actions) : null,
                  why,
                  el("div", { class: "actions" }, el("button", { id: "dismiss", onclick: () => send({ kind: "dismiss" }) }, "Close"))];
        }
        // The person's switches: every offered extension (on) and every one they disabled
        // (off); turning one off moves it to "Why not the others?".
        function renderSwitches() {
          const rows = share.eligible.map(app => [app, true]).concat(share.excluded.filter(other => other.cause === "disabled-by-user").map(other => [other, false]));
          return el("ul", { class: "switches" }, rows.map(([app, on]) =>
            el("li", {}, el("img", { src: app.icon, alt: "" }), el("span", { class: "name" }, app.name),
              el("input", { type: "checkbox", role: "switch", checked: on, "aria-label": app.name, "data-switch": app.id,
                            onchange: event => send({ kind: "enable", id: app.id, isOn: event.target.checked }) }))));
        }
        function chooseActivity(activity) {
          if (activity.folder == null) { send({ kind: "activity", id: activity.id }); return; }
          asking = activity;
          render();
        }
        // An action that needs a folder asks for it first, the suggested one filled in.
        function renderFolder() {
          const field = el("input", { type: "text", id: "folder", value: asking.folder, "aria-label": "Folder", spellcheck: "false" });
          const submit = () => { const id = asking.id; asking = null; send({ kind: "activity", id, text: field.value }); };
          field.addEventListener("keydown", event => { if (event.key === "Enter") { event.preventDefault(); submit(); } });
          return [el("section", { class: "card" },
            el("div", { class: "bar" }, el("button", { id: "back", onclick: () => { asking = null; render(); } }, "‹ Back"),
               el("div", { class: "title" }, asking.title), el("button", { id: "save", class: "primary", onclick: submit }, "Save")),
            el("label", { for: "folder", class: "types" }, "Folder"), field)];
        }
        function move(index, by) {
          const ids = share.eligible.map(app => app.id);
          const [id] = ids.splice(index, 1);
          ids.splice(index + by, 0, id);
          send({ kind: "reorder", ids });
        }

        function renderSheet() {
          const s = sheet;
          if (s.pushed) {
            const p = s.pushed;
            let body;
            if (p.kind === "choices") {
              body = el("div", { class: "choices", role: "listbox", "aria-label": p.title }, p.choices.map((choice, index) =>
                el("button", { role: "option", "aria-selected": String(index === p.selected), onclick: () => act("choose", { index }) },
                  el("span", {}, choice), el("span", { class: "mark" + (index === p.selected ? " on" : "") }, index === p.selected ? icon("check") : ""))));
            } else if (p.kind === "field") {
              body = el("input", { type: "text", value: p.text || "", placeholder: p.placeholder || "", "aria-label": p.title,
                                   oninput: event => act("field", { text: event.target.value }) });
            } else {
              body = el("label", {}, el("input", { type: "checkbox", checked: !!p.isOn, onchange: event => act("switch", { isOn: event.target.checked }) }), " " + (p.label || ""));
            }
            return [el("section", { class: "card" },
              el("div", { class: "bar" }, el("button", { id: "back", onclick: () => act("back") }, "‹ Back"), el("div", { class: "title" }, p.title), el("span", {})),
              body, el("div", { class: "notice", role: "alert" }, notice))];
          }
          const remaining = s.charactersRemaining;
          // One text area for the whole sheet: while the person types in it, it is the truth
          // (a reply may carry a text one keystroke old); the sheet's text is shown otherwise.
          if (!textArea) textArea = el("textarea", { id: "text", "aria-label": "Text", oninput: event => act("text", { text: event.target.value }) });
          const text = textArea;
          text.placeholder = s.placeholder || "";
          if (document.activeElement !== text && text.value !== s.text) text.value = s.text;
          return [el("section", { class: "card", inert: !!s.alert },
            el("div", { class: "bar" },
              el("button", { id: "cancel", onclick: () => act("cancel") }, "Cancel"),
              el("div", { class: "title", id: "title" }, s.title || (running ? running.name : "")),
              el("button", { id: "post", class: "primary", disabled: !s.postEnabled, onclick: () => act("post") }, "Post")),
            s.preview ? el("div", { class: "preview" }, el("span", { "aria-hidden": "true" }, icon(s.preview.kind)), el("span", {}, s.preview.detail || s.preview.title)) : null,
            text,
            remaining == null ? null : el("div", { class: "counter" + (remaining < 0 ? " over" : ""), id: "counter" }, String(remaining)),
            s.items.length ? el("ul", { class: "config" }, s.items.map((item, index) =>
              el("li", {}, el("button", { "data-item": item.title, onclick: () => act("tap", { index }) },
                el("span", {}, item.title),
                el("span", { class: "value" }, item.pending ? el("span", { class: "spinner", role: "status", "aria-label": "loading" }) : null, item.pending && item.value ? " " : "", item.value || ""))))) : null,
            el("div", { class: "notice", role: "alert" }, s.alert ? "" : notice)),
            s.alert ? renderAlert(s.alert, index => act("alert", { index }), (index, text) => act("alertField", { index, text })) : null];
        }

        // An extension's own view controller: its bar, its elements in reading order, and
        // a presented alert over it (the view behind waits: it is inert).
        function renderView() {
          const v = view;
          const barButton = item => el("button", { "data-view-id": item.id, disabled: !item.enabled, onclick: () => viewAct("tap", { index: item.id }) }, item.text || "");
          return [el("section", { class: "card view", inert: !!v.alert },
            el("div", { class: "bar" },
              v.barButtons.length ? barButton(v.barButtons[0]) : el("span", {}),
              el("div", { class: "title", id: "title" }, v.title || (running ? running.name : "")),
              v.barButtons.length > 1 ? el("span", {}, v.barButtons.slice(1).map(barButton)) : el("span", {})),
            el("div", { class: "elements" }, v.elements.map(renderElement)),
            el("div", { class: "notice", role: "alert" }, v.alert ? "" : notice)),
            v.alert ? renderAlert(v.alert, index => viewAct("alert", { index }), (index, text) => viewAct("alertField", { index, text })) : null];
        }
        function renderElement(e) {
          const key = "view-" + e.id;
          switch (e.kind) {
            case "heading": return el("div", { class: "heading" }, e.text || "");
            case "text": return el("p", { class: "text" }, e.text || "");
            case "caption": return el("p", { class: "caption" }, e.text || "");
            case "row": return el("div", { class: "row" }, el("span", {}, e.text || ""), el("span", { class: "value" }, e.detail || ""));
            case "image": return e.image ? el("img", { class: "picture", src: e.image, alt: e.text || "" }) : el("p", { class: "caption" }, "[image: " + (e.text || "") + "]");
            case "button": return el("button", { class: "control", "data-view-id": e.id, disabled: !e.enabled, onclick: () => viewAct("tap", { index: e.id }) }, e.text || "");
            case "textField": {
              const field = kept(key, () => el("input", { type: "text", oninput: event => viewAct("edit", { index: e.id, text: event.target.value }) }), e.text || "");
              field.placeholder = e.placeholder || ""; field.setAttribute("aria-label", e.placeholder || "Text"); field.disabled = !e.enabled;
              return field;
            }
            case "textView": {
              const area = kept(key, () => el("textarea", { oninput: event => viewAct("edit", { index: e.id, text: event.target.value }) }), e.text || "");
              area.setAttribute("aria-label", e.placeholder || "Text"); area.disabled = !e.enabled;
              return area;
            }
            case "toggle":
              return el("label", { class: "toggle" }, el("span", {}, e.text || ""),
                el("input", { type: "checkbox", role: "switch", id: key, checked: !!e.isOn, disabled: !e.enabled, "aria-label": e.text || "",
                              onchange: event => viewAct("toggle", { index: e.id, isOn: event.target.checked }) }));
            case "activity": return el("p", { class: "status" }, el("span", { class: "spinner", role: "status", "aria-label": "loading" }), " " + (e.text || ""));
            default: return null;
          }
        }
        // An alert as the sheet's own modal dialog: its title, message, fields and a button
        // per action; the preferred one is the default.
        function renderAlert(alert, choose, edit) {
          return el("div", { class: "scrim" }, el("div", { class: "dialog", id: "alert", role: "alertdialog", "aria-modal": "true",
                                                           "aria-labelledby": "alert-title", "aria-describedby": "alert-message" },
            alert.title ? el("h2", { id: "alert-title" }, alert.title) : null,
            alert.message ? el("p", { id: "alert-message" }, alert.message) : null,
            alert.fields.map((field, index) => {
              const input = kept("alert-field-" + index, () => el("input", { type: field.secure ? "password" : "text", oninput: event => edit(index, event.target.value) }), field.text);
              input.placeholder = field.placeholder || ""; input.setAttribute("aria-label", field.placeholder || "Text");
              return input;
            }),
            el("div", { class: "dialog-actions" + (alert.actions.length > 2 ? " stacked" : "") }, alert.actions.map((action, index) =>
              el("button", { class: action.style + (action.preferred ? " primary" : ""), "data-alert-action": action.title, disabled: !action.enabled,
                             onclick: () => choose(index) }, action.title))),
            el("div", { class: "notice", role: "alert" }, notice)));
        }
        // Esc in an alert chooses its cancel action, as a hardware keyboard's Esc does on iOS.
        function cancelAlert(alert, choose) {
          const index = alert.actions.findIndex(action => action.style === "cancel");
          if (index >= 0) choose(index);
        }

        function renderInterface() {
          frame = el("iframe", { id: "interface", sandbox: "allow-scripts", src: running.interface, title: running.name,
                                 referrerpolicy: "no-referrer" });
          // Once loaded, the keyboard is the extension page's.
          frame.addEventListener("load", () => frame.focus());
          return [el("section", { class: "card custom" },
            el("div", { class: "bar" }, el("span", {}), el("div", { class: "title" }, running.name),
               el("button", { id: "stop", "aria-label": "Close " + running.name, onclick: () => send({ kind: "stop" }) }, "Close")),
            frame, el("div", { class: "notice", role: "alert", id: "notice" }, notice))];
        }
        function toFrame(value) { if (frame && frame.contentWindow) frame.contentWindow.postMessage(value, "*"); }
        // The frame's messages, and only the frame's, go to the extension as JSON text.
        window.addEventListener("message", event => {
          if (!frame || event.source !== frame.contentWindow) return;
          if (!frameReady) { frameReady = true; frame.dataset.ready = "yes"; frameQueue.splice(0).forEach(toFrame); }
          let text;
          try { text = JSON.stringify(event.data); } catch (error) { return; }
          if (text !== undefined) send({ kind: "interface", text });
        });

        function render(extra) {
          const active = document.activeElement;
          const focused = active && active.id;
          const caret = active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
          let content;
          if (extra) content = extra;
          else if (view) content = renderView();
          else if (sheet) content = renderSheet();
          else if (running) content = [el("p", { class: "status" }, el("span", { class: "spinner" }), " Running " + running.name + "…")];
          else if (asking) content = renderFolder();
          else if (share) content = renderShare();
          else content = [el("p", { class: "status" }, "Connecting…")];
          root.replaceChildren(...[content].flat().filter(Boolean));
          const again = focused && document.getElementById(focused);
          const dialog = document.getElementById("alert");
          if (dialog && !dialog.contains(again)) {
            // An alert takes the keyboard: its first field, else its preferred action, else its first.
            const first = dialog.querySelector("input") || dialog.querySelector("button.primary:not(:disabled)") || dialog.querySelector("button:not(:disabled)");
            if (first) first.focus();
          }
          else if (again) { again.focus(); if (caret != null && again.setSelectionRange) again.setSelectionRange(caret[0], caret[1]); }
          else if (sheet && !sheet.pushed) { const t = document.getElementById("text"); if (t) t.focus(); }
          else if (asking) { const f = document.getElementById("folder"); if (f) f.focus(); }
        }

        socket.addEventListener("message", event => {
          const message = JSON.parse(event.data);
          switch (message.kind) {
            case "share": share = message.share; render(); break;
            case "running":
              running = { id: message.id, name: message.name, interface: message.interface };
              render(running.interface ? renderInterface() : undefined); break;
            case "pasteboard":
              // The host's Copy: this page's clipboard is the person's session's.
              navigator.clipboard.writeText(message.text).then(
                () => send({ kind: "pasteboard", isOn: true }),
                error => send({ kind: "pasteboard", isOn: false, text: "the browser refused the clipboard (" + error.name + ")" }));
              break;
            case "interface": {
              const value = JSON.parse(message.message);
              if (frameReady) toFrame(value); else frameQueue.push(value);
              break;
            }
            case "view":
              if (!view || message.view.revision >= view.revision) view = message.view;
              notice = message.refusal || "";
              render(); break;
            case "sheet":
              if (!sheet || message.sheet.revision >= sheet.revision) sheet = message.sheet;
              notice = message.refusal || "";
              render(); break;
            case "outcome": {
              over = true;
              const o = message.outcome;
              const title = o.outcome === "completed" ? o.name + " completed" : o.outcome === "cancelled" ? o.name + " was cancelled" : o.name + " failed";
              render([el("section", { class: "card outcome " + o.outcome, id: "outcome" },
                el("div", { class: "mark", "aria-hidden": "true" }, icon(o.outcome === "completed" ? "check" : "cross")),
                el("h1", {}, title),
                o.message ? el("p", {}, o.message) : null,
                o.items.length ? el("div", { class: "returned" }, o.items.join("\n")) : null,
                el("p", { class: "types" }, "You can close this window."))]);
              break;
            }
            case "problem":
              notice = message.message;
              // The interface's frame is never drawn again (that would reload it): only its notice changes.
              if (frame) document.getElementById("notice").textContent = notice;
              else if (sheet || view) render();
              else render([...(share ? renderShare() : []), el("p", { class: "notice", role: "alert" }, notice)]);
              break;
          }
        });
        socket.addEventListener("close", () => {
          if (!over) render([el("p", { class: "status", id: "closed" }, "This share has ended. You can close this window.")]);
        });
        document.addEventListener("keydown", event => {
          if (event.key === "Escape" && asking && !running) { event.preventDefault(); asking = null; render(); return; }
          if (event.key !== "Escape" || over) return;
          if (view) {
            event.preventDefault();
            if (view.alert) { cancelAlert(view.alert, index => viewAct("alert", { index })); return; }
            // The view's Cancel, else the host ends the request (as the interface's Close).
            const cancel = view.barButtons.find(item => item.text === "Cancel");
            if (cancel) viewAct("tap", { index: cancel.id }); else send({ kind: "stop" });
            return;
          }
          if (!sheet) return;
          event.preventDefault();
          if (sheet.alert) { cancelAlert(sheet.alert, index => act("alert", { index })); return; }
          act(sheet.pushed ? "back" : "cancel");
        });
        """# + PageScript.helpers
}
