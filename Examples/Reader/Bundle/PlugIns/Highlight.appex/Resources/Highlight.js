// Highlight in Reader: the page's side of the action extension (seed document 000's
// pattern). Safari, or `appex share --page`, calls run() in the page before the extension
// starts, and finalize() with what the extension returned once it has completed.
var Highlight = function() {};

Highlight.prototype = {
    run: function(arguments) {
        var images = Array.prototype.map.call(document.images, function(image) { return image.src; });
        arguments.completionFunction({
            "title": document.title,
            "URL": document.URL,
            "selection": window.getSelection().toString(),
            "images": images
        });
    },

    finalize: function(arguments) {
        var color = arguments["color"] || "#ffe066";
        var mark = document.createElement("mark");
        mark.className = "appex-highlight";
        mark.style.background = color;
        var selection = window.getSelection();
        if (selection.rangeCount > 0 && !selection.isCollapsed) {
            var range = selection.getRangeAt(0);
            mark.appendChild(range.extractContents());
            range.insertNode(mark);
            selection.removeAllRanges();
        } else {
            // Nothing selected: the first paragraph.
            var paragraph = document.querySelector("p");
            if (paragraph) {
                while (paragraph.firstChild) mark.appendChild(paragraph.firstChild);
                paragraph.appendChild(mark);
            }
        }
        var banner = document.createElement("div");
        banner.id = "appex-reader-banner";
        banner.textContent = arguments["note"] || "Highlighted";
        banner.style.cssText = "font: 600 15px system-ui, sans-serif; background: #1d3557; color: white; padding: 10px 16px; margin: 0 0 16px 0; border-radius: 6px";
        document.body.insertBefore(banner, document.body.firstChild);
    }
};

var ExtensionPreprocessingJS = new Highlight;
