/// The host's JavaScript around an extension's preprocessing file: it calls `run`, turns
/// what reaches `completionFunction` into a property list, and keeps to the time and size
/// limits. It runs in the extension's isolated world, so the page can neither see it nor
/// replace `ExtensionPreprocessingJS`.
enum PreprocessingJavaScript {
    /// The expression whose promise settles with `{value}` (the results as tagged JSON:
    /// objects are `{"dict": …}`, dates `{"date": ms}`, bytes `{"data": base64}`) or with
    /// `{threw}`, `{refused}`, `{missing}` or `{timeout}`, never rejecting.
    static func run(limitMilliseconds: Int, maximumBytes: Int) -> String {
        """
        new Promise((resolve) => {
          const limitMs = \(limitMilliseconds), maxBytes = \(maximumBytes);
          const kinds = "a property list holds strings, numbers, Booleans, dates, data, arrays and objects";
          const describe = (e) => {
            if (e instanceof Error) return (e.name || "Error") + ": " + e.message;
            try { return "a thrown " + typeof e + ": " + String(e); } catch { return "a thrown value"; }
          };
          const member = (path, key) => /^[A-Za-z_$][\\w$]*$/.test(key) ? path + "." + key : path + "[" + JSON.stringify(key) + "]";
          const refuse = (path, what) => { throw new TypeError(path + " is " + what + "; " + kinds); };
          const encode = (root) => {
            let size = 0;
            const ancestors = [];
            const grow = (n) => {
              size += n;
              if (size > maxBytes) throw new RangeError("the results are larger than the limit of " + maxBytes + " bytes");
            };
            const walk = (v, path) => {
              switch (typeof v) {
                case "string": grow(v.length + 2); return v;
                case "boolean": grow(5); return v;
                case "number":
                  if (!Number.isFinite(v)) refuse(path, String(v) + " (a number must be finite)");
                  grow(24); return v;
                case "undefined": refuse(path, "undefined");
                case "function": refuse(path, "a function");
                case "symbol": refuse(path, "a symbol");
                case "bigint": refuse(path, "a BigInt");
              }
              if (v === null) refuse(path, "null (a property list has no null)");
              if (v === window || v instanceof Window) refuse(path, "a window");
              if (v instanceof Node) refuse(path, "a DOM node (" + ((v.constructor && v.constructor.name) || v.nodeName) + ")");
              const outer = ancestors.find((entry) => entry[0] === v);
              if (outer) throw new TypeError(path + " refers back to " + outer[1] + ", which contains it (a cycle); " + kinds);
              if (v instanceof Date) {
                const time = v.getTime();
                if (!Number.isFinite(time)) refuse(path, "an invalid Date");
                grow(24); return { date: time };
              }
              if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) {
                const bytes = v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
                grow(Math.ceil(bytes.length / 3) * 4 + 12);
                let binary = "";
                for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
                return { data: btoa(binary) };
              }
              for (const [type, label] of [[Map, "a Map"], [Set, "a Set"], [WeakMap, "a WeakMap"], [WeakSet, "a WeakSet"],
                                           [Promise, "a Promise"], [RegExp, "a RegExp"]]) {
                if (v instanceof type) refuse(path, label);
              }
              if (ancestors.length >= \(PreprocessingResults.maximumDepth)) {
                throw new RangeError(path + " is nested more than \(PreprocessingResults.maximumDepth) levels deep");
              }
              ancestors.push([v, path]);
              try {
                grow(2);
                if (Array.isArray(v)) {
                  const out = [];
                  for (let i = 0; i < v.length; i++) out.push(walk(v[i], path + "[" + i + "]"));
                  return out;
                }
                const out = {};
                for (const key of Object.keys(v)) {
                  let value;
                  try { value = v[key]; } catch (e) { throw new TypeError(member(path, key) + " could not be read: " + describe(e)); }
                  // An object's missing values are left out, as JSON leaves them out.
                  if (value === undefined || value === null) continue;
                  grow(key.length + 4);
                  out[key] = walk(value, member(path, key));
                }
                return { dict: out };
              } finally {
                ancestors.pop();
              }
            };
            if (root === null || typeof root !== "object" || Array.isArray(root)) {
              const what = root === null ? "null" : Array.isArray(root) ? "an array" : typeof root === "undefined" ? "nothing" : "a " + typeof root;
              throw new TypeError("completionFunction was given " + what + ", not an object of results");
            }
            const json = JSON.stringify(walk(root, "results"));
            if (json.length > maxBytes) throw new RangeError("the results are larger than the limit of " + maxBytes + " bytes");
            return json;
          };
          let finished = false;
          const finish = (outcome) => {
            if (finished) return;
            finished = true;
            clearTimeout(timer);
            resolve(outcome);
          };
          const timer = setTimeout(() => finish({ timeout: true }), limitMs);
          let target;
          try { target = ExtensionPreprocessingJS; } catch { return finish({ missing: "the file does not define ExtensionPreprocessingJS" }); }
          if (target === null || (typeof target !== "object" && typeof target !== "function")) {
            return finish({ missing: "ExtensionPreprocessingJS is " + (target === null ? "null" : "a " + typeof target) + ", not an object" });
          }
          if (typeof target.run !== "function") return finish({ missing: "ExtensionPreprocessingJS has no run function" });
          try {
            target.run({
              completionFunction(results) {
                if (finished) return;
                try { finish({ value: encode(results) }); } catch (e) { finish({ refused: e.message }); }
              }
            });
          } catch (e) {
            finish({ threw: describe(e) });
          }
        })
        """
    }

    /// The expression that calls `finalize(argument)` (a JavaScript literal) and settles
    /// with `{done}`, `{threw}`, `{missing}` or `{timeout}`.
    static func finalize(argument: String, limitMilliseconds: Int) -> String {
        """
        new Promise((resolve) => {
          let finished = false;
          const finish = (outcome) => { if (!finished) { finished = true; clearTimeout(timer); resolve(outcome); } };
          const timer = setTimeout(() => finish({ timeout: true }), \(limitMilliseconds));
          const describe = (e) => e instanceof Error ? (e.name || "Error") + ": " + e.message : "a thrown " + typeof e;
          let target;
          try { target = ExtensionPreprocessingJS; } catch { return finish({ missing: "the file does not define ExtensionPreprocessingJS" }); }
          if (target === null || typeof target.finalize !== "function") {
            return finish({ missing: "ExtensionPreprocessingJS has no finalize function" });
          }
          try {
            Promise.resolve(target.finalize(\(argument))).then(() => finish({ done: true }), (e) => finish({ threw: describe(e) }));
          } catch (e) {
            finish({ threw: describe(e) });
          }
        })
        """
    }
}
