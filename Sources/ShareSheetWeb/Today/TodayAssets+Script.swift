import LoopbackWeb

extension TodayAssets {
    /// The page's script. Every text from a widget is set as text, never as HTML: a
    /// widget's view cannot inject markup; a button is asked for by its number, so the
    /// page never hands the server a URL.
    static let script = #"""
        "use strict";
        const cardsNode = document.getElementById("cards");
        const statusNode = document.getElementById("status");
        const refreshButton = document.getElementById("refresh");
        const socket = new WebSocket(location.href.replace(/^http/, "ws").replace(/[^/]*$/, "") + "live");
        let cards = [];


        function renderElement(card, element) {
          switch (element.kind) {
            case "title": return el("div", { class: "title" }, element.text);
            case "text": return el("div", { class: "text" }, element.text);
            case "caption": return el("div", { class: "caption" }, element.text);
            case "row": return el("div", { class: "row" }, el("span", {}, element.text), el("span", {}, element.detail));
            case "image": return element.src ? el("img", { src: element.src, alt: element.text }) : el("div", { class: "picture" }, "[" + element.text + "]");
            case "button": return el("button", { class: "open", type: "button", title: element.url, "data-key": card.id + "#" + element.number,
                                              onclick: () => send({ kind: "open", index: card.index, button: element.number }) }, element.text);
            case "action": return el("button", { class: "open", type: "button", disabled: element.enabled === false, "data-key": card.id + "#" + element.number,
                                              onclick: () => send({ kind: "open", index: card.index, button: element.number }) }, element.text);
            case "separator": return el("hr", {});
            default: return null;
          }
        }

        function renderCard(card) {
          const failed = card.status !== "" && card.status !== "updating…";
          const more = card.canExpand ? el("button", { type: "button", "data-key": card.id + "#mode", "aria-expanded": String(card.mode === "expanded"),
              onclick: () => send({ kind: "mode", index: card.index, mode: card.mode === "expanded" ? "compact" : "expanded" }) },
              card.mode === "expanded" ? "Show Less" : "Show More") : null;
          const body = card.elements.length ? card.elements.map(element => renderElement(card, element))
            : [el("div", { class: "caption" }, card.status === "updating…" ? "Loading…" : "Nothing to show.")];
          const content = el("div", { class: "body" }, body);
          // Through the CSSOM: the page's policy refuses style attributes.
          content.style.maxHeight = Math.round(card.height) + "px";
          return el("section", { class: "widget" + (card.stale ? " stale" : "") + (failed ? " failed" : ""), "data-id": card.id, "aria-label": card.name },
            el("header", {}, el("span", { class: "name" }, card.name), el("span", { class: "state" }, card.status), more),
            content);
        }

        // A redraw keeps the focus on the same button (by its key), so the keyboard is not lost.
        function keepingFocus(draw) {
          const key = document.activeElement && document.activeElement.getAttribute("data-key");
          draw();
          if (key) { const again = document.querySelector('[data-key="' + CSS.escape(key) + '"]'); if (again) again.focus(); }
        }
        function renderAll() {
          keepingFocus(() => {
            cardsNode.replaceChildren(...(cards.length ? cards.map(renderCard) : [el("p", { class: "empty" }, "No widgets.")]));
          });
          document.getElementById("count").textContent = cards.length + (cards.length === 1 ? " widget" : " widgets");
          refreshButton.disabled = cards.length === 0;
        }

        socket.addEventListener("message", event => {
          const message = JSON.parse(event.data);
          if (message.kind === "board") { cards = message.cards; statusNode.textContent = message.status; renderAll(); }
          else if (message.kind === "card") {
            cards[message.card.index] = message.card;
            const old = cardsNode.querySelector('[data-id="' + CSS.escape(message.card.id) + '"]');
            if (old) keepingFocus(() => old.replaceWith(renderCard(message.card))); else renderAll();
          }
          else if (message.kind === "status") statusNode.textContent = message.status;
        });
        socket.addEventListener("close", () => {
          refreshButton.disabled = true;
          statusNode.textContent = "The dashboard has ended: run appex today --web again.";
        });
        refreshButton.addEventListener("click", () => send({ kind: "refresh" }));
        """# + PageScript.helpers
}
