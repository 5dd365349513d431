"use strict";
// Post Photos' page. It shows what the extension sends and asks it to post; the
// extension's Swift code decides. Messages go to the extension with parent.postMessage
// and come back as "message" events (docs/CUSTOM-UI.md).
const photos = document.getElementById("photos");
const caption = document.getElementById("caption");
const post = document.getElementById("post");
const count = document.getElementById("count");
const error = document.getElementById("error");
let shown = 0;

function send(message) { parent.postMessage(message, "*"); }

window.addEventListener("message", event => {
  const message = event.data;
  if (message.type === "photos") {
    shown = message.photos.length;
    photos.replaceChildren(...message.photos.map(photo => {
      const li = document.createElement("li");
      if (photo.preview) {
        const img = document.createElement("img");
        img.src = photo.preview;
        img.alt = photo.name;
        li.append(img);
      } else {
        li.textContent = photo.name + "（太大，无法预览）";
      }
      return li;
    }));
    count.textContent = shown + " 张图片";
    post.disabled = shown === 0;
    document.body.dataset.photos = String(shown);
    caption.focus();
  } else if (message.type === "error") {
    error.textContent = message.message;
    post.disabled = false;
  }
});

post.addEventListener("click", () => {
  post.disabled = true;
  error.textContent = "";
  send({ type: "post", caption: caption.value });
});
document.getElementById("cancel").addEventListener("click", () => send({ type: "cancel" }));
caption.addEventListener("keydown", event => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !post.disabled) post.click();
});

// Listening now: the extension's messages may come.
send({ type: "ready" });
