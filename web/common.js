// ReduceLab web pages: what the run pages (player.js) and the figure pages (figure.js) share.
// Plain JavaScript written for this project, no library; the page holds its data as JSON in
// #rl-data, written by the program (core/web). Nothing here fetches anything.
"use strict";

const RL = (function () {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("rl-data").textContent);

  /** An SVG element with attributes, appended to `parent` if given. */
  function svg(tag, attrs, parent) {
    const e = document.createElementNS(SVG_NS, tag);
    if (attrs) {
      for (const k in attrs) {
        e.setAttribute(k, attrs[k]);
      }
    }
    if (parent) {
      parent.appendChild(e);
    }
    return e;
  }

  /** An HTML element with attributes (and text), appended to `parent` if given. */
  function el(tag, attrs, parent, text) {
    const e = document.createElement(tag);
    if (attrs) {
      for (const k in attrs) {
        e.setAttribute(k, attrs[k]);
      }
    }
    if (text !== undefined) {
      e.textContent = text;
    }
    if (parent) {
      parent.appendChild(e);
    }
    return e;
  }

  /** The options of the fragment: "#t=3.5&style=dark&size=presentation". */
  function fragment() {
    const out = {};
    const hash = location.hash.replace(/^#/, "");
    for (const part of hash.split("&")) {
      const eq = part.indexOf("=");
      if (eq > 0) {
        out[decodeURIComponent(part.slice(0, eq))] = decodeURIComponent(part.slice(eq + 1));
      }
    }
    return out;
  }

  // --- Numbers, as the application writes them

  /** A time with 3 significant digits ("2.31", "12.3", "0.0457", "0.00"): the narration's and
      the explorer's (core/algorithms/narration.h, formatNarrationTime). */
  function narrationTime(t) {
    if (t === 0 || !isFinite(t)) {
      return t === 0 ? "0.00" : String(t);
    }
    const decimals = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(t))));
    const scaled = t * Math.pow(10, decimals);
    if (Number.isInteger(scaled * 2) && !Number.isInteger(scaled)) {
      // An exact tie: printf rounds it to even, toFixed away from zero.
      let k = Math.floor(scaled);
      if (k % 2 !== 0) {
        k += 1;
      }
      return (k / Math.pow(10, decimals)).toFixed(decimals);
    }
    return t.toFixed(decimals);
  }

  /** `v` with `digits` significant digits, as printf's %g writes it ("0.1", "1e-05"). */
  function sig(v, digits) {
    if (!isFinite(v)) {
      return "—";
    }
    if (v === 0) {
      return "0";
    }
    const exponent = Math.floor(Math.log10(Math.abs(v)));
    if (exponent < -4 || exponent >= digits) {
      let [mantissa, exp] = v.toExponential(digits - 1).split("e");
      if (mantissa.indexOf(".") >= 0) {
        mantissa = mantissa.replace(/0+$/, "").replace(/\.$/, "");
      }
      const e = parseInt(exp, 10);
      return mantissa + "e" + (e < 0 ? "-" : "+") + String(Math.abs(e)).padStart(2, "0");
    }
    let text = v.toFixed(Math.max(0, digits - 1 - exponent));
    if (text.indexOf(".") >= 0) {
      text = text.replace(/0+$/, "").replace(/\.$/, "");
    }
    return text;
  }

  /** Axis ticks at 1, 2 and 5 times powers of ten, about `count` of them over [lo, hi]. */
  function niceTicks(lo, hi, count) {
    const span = hi - lo;
    if (!(span > 0)) {
      return [lo];
    }
    const raw = span / Math.max(1, count);
    const power = Math.pow(10, Math.floor(Math.log10(raw)));
    let step = power;
    for (const m of [1, 2, 5, 10]) {
      if (m * power >= raw) {
        step = m * power;
        break;
      }
    }
    const ticks = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) {
      ticks.push(Math.abs(v) < step * 1e-9 ? 0 : v);
    }
    return ticks;
  }

  // --- Colours

  function parseHex(hex) {
    return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  }
  function toHex(rgb) {
    return "#" + rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, "0")).join("");
  }
  /** (1 - t) a + t b, channel by channel (the application's Theme::mix). */
  function mix(a, b, t) {
    const x = parseHex(a);
    const y = parseHex(b);
    return toHex(x.map((c, i) => c * (1 - t) + y[i] * t));
  }
  /** `hex` darker by `factor` in value (Qt's QColor::darker(100 * factor)). */
  function darker(hex, factor) {
    const [r, g, b] = parseHex(hex);
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const v = max / factor;
    const s = max === 0 ? 0 : (max - min) / max;
    let h = 0;
    if (max !== min) {
      const d = max - min;
      h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    }
    h = (h * 60 + 360) % 360;
    const c = v * s;
    const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
    const m = v - c;
    const table = [[c, x, 0], [x, c, 0], [0, c, x], [0, x, c], [x, 0, c], [c, 0, x]];
    const [r1, g1, b1] = table[Math.floor(h / 60) % 6];
    return toHex([r1 + m, g1 + m, b1 + m]);
  }

  // --- Styles: light or dark (following the system's choice by default), normal or
  // presentation size (everything larger by the application's presentation scale).

  const style = {
    mode: "auto",
    presentation: false,
    dark: false,
    listeners: [],
    media: window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null,
  };

  function colours() {
    return data.style[style.dark ? "dark" : "light"];
  }

  function applyStyle() {
    style.dark = style.mode === "dark" || (style.mode === "auto" && !!(style.media && style.media.matches));
    const c = colours();
    const v = c.view;
    const w = c.window;
    const root = document.documentElement;
    const scale = style.presentation ? data.style.presentationScale : 1;
    const vars = {
      "--rl-font": data.style.fontPx * scale + "px",
      "--rl-scale": scale,
      "--rl-bg": v.background,
      "--rl-fg": v.foreground,
      "--rl-muted": v.muted,
      "--rl-grid": v.grid,
      "--rl-transfer": v.transfer,
      "--rl-reduction": v.reduction,
      "--rl-reduction-edge": darker(v.reduction, 1.3),
      "--rl-critical": v.critical,
      "--rl-critical-edge": darker(v.critical, 1.3),
      "--rl-selection": v.selection,
      "--rl-selection-edge": darker(v.selection, 1.3),
      "--rl-cursor": v.cursor,
      "--rl-idle": v.idle,
      "--rl-on-transfer": v.onTransfer,
      "--rl-node-fill": v.nodeFill,
      "--rl-reducing-fill": v.reducingFill,
      "--rl-reception": v.receptionTransfer,
      "--rl-reception-critical": v.receptionCritical,
      "--rl-reception-selection": v.receptionSelection,
      "--rl-window": w.window,
      "--rl-text": w.text,
      "--rl-button": w.button,
      "--rl-tooltip": w.tooltip,
      "--rl-highlight": w.highlight,
      "--rl-highlighted-text": w.highlightedText,
      "--rl-link": w.link,
      "--rl-mid": w.mid,
      "--rl-alternate": w.alternateBase,
    };
    for (const k in vars) {
      root.style.setProperty(k, vars[k]);
    }
    root.dataset.style = style.dark ? "dark" : "light";
    root.dataset.size = style.presentation ? "presentation" : "normal";
    for (const f of style.listeners) {
      f();
    }
  }

  /** The views' font size in CSS pixels, at the current size. */
  function fontPx() {
    return data.style.fontPx * (style.presentation ? data.style.presentationScale : 1);
  }

  /** Lengths scaled with the presentation size (line widths, paddings). */
  function px(length) {
    return length * (style.presentation ? data.style.presentationScale : 1);
  }

  /** The style and size controls, in `parent`. */
  function buildStyleControls(parent) {
    const styleLabel = el("label", null, parent, "Style ");
    const select = el("select", { id: "rl-style", "aria-label": "Style" }, styleLabel);
    for (const [value, text] of [["auto", "as the system"], ["light", "light"], ["dark", "dark"]]) {
      el("option", { value: value }, select, text);
    }
    select.value = style.mode;
    select.addEventListener("change", () => {
      style.mode = select.value;
      applyStyle();
    });
    const sizeLabel = el("label", null, parent);
    const box = el("input", { type: "checkbox", id: "rl-presentation" }, sizeLabel);
    sizeLabel.appendChild(document.createTextNode(" presentation size"));
    box.checked = style.presentation;
    box.addEventListener("change", () => {
      style.presentation = box.checked;
      applyStyle();
    });
    style.controls = { select: select, box: box };
  }

  /** Takes the style and size of the fragment ("style=dark", "size=presentation"). */
  function styleFromFragment() {
    const f = fragment();
    if (f.style === "light" || f.style === "dark" || f.style === "auto") {
      style.mode = f.style;
    }
    if (f.size === "presentation" || f.size === "normal") {
      style.presentation = f.size === "presentation";
    }
    if (style.controls) {
      style.controls.select.value = style.mode;
      style.controls.box.checked = style.presentation;
    }
  }

  function onStyle(f) {
    style.listeners.push(f);
  }

  if (style.media) {
    const changed = () => {
      if (style.mode === "auto") {
        applyStyle();
      }
    };
    if (style.media.addEventListener) {
      style.media.addEventListener("change", changed);
    } else if (style.media.addListener) {
      style.media.addListener(changed);
    }
  }

  // --- Text measures, for layouts that must not cut a label

  const measureCanvas = document.createElement("canvas").getContext("2d");
  function textWidth(text, size, weight) {
    const family = getComputedStyle(document.body).fontFamily;
    measureCanvas.font = (weight || "normal") + " " + size + "px " + family;
    return measureCanvas.measureText(text).width;
  }

  // --- The tooltip: hover (or tap) shows the details of what is under the pointer.

  const tipBox = document.getElementById("rl-tip");
  /** Shows `text` (plain, lines kept; or HTML when `html`) beside the point (x, y). */
  function showTip(text, x, y, html) {
    if (html) {
      tipBox.innerHTML = text;
    } else {
      tipBox.textContent = text;
    }
    tipBox.hidden = false;
    const gap = 14;
    const w = tipBox.offsetWidth;
    const h = tipBox.offsetHeight;
    let left = x + gap;
    let top = y + gap;
    if (left + w > window.innerWidth - 4) {
      left = Math.max(4, x - gap - w);
    }
    if (top + h > window.innerHeight - 4) {
      top = Math.max(4, y - gap - h);
    }
    tipBox.style.left = left + "px";
    tipBox.style.top = top + "px";
  }
  function hideTip() {
    tipBox.hidden = true;
  }
  /** Hover, and a tap on a touch screen, on `target` show `text()` (empty: nothing). */
  function tipOn(target, text, html) {
    target.addEventListener("pointermove", (e) => {
      const t = text(e);
      if (t) {
        showTip(t, e.clientX, e.clientY, html);
      } else {
        hideTip();
      }
    });
    target.addEventListener("pointerleave", hideTip);
    target.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "mouse") {
        const t = text(e);
        if (t) {
          showTip(t, e.clientX, e.clientY, html);
        }
      }
    });
  }

  // --- Shared parts of the pages

  /** Term and meaning pairs as a definition list; `html`: the meanings hold markup (the
      glossary's <i>, <sup>, written by the program). */
  function fillTerms(dl, entries, html) {
    dl.textContent = "";
    for (const [term, meaning] of entries) {
      el("dt", null, dl, term);
      const dd = el("dd", null, dl);
      if (html) {
        dd.innerHTML = meaning;
      } else {
        dd.textContent = meaning;
      }
    }
  }

  function fillFooter(foot) {
    foot.textContent = "Made with ReduceLab " + data.version + (data.program ? " (" + data.program + ")" : "") +
      ". This page holds everything it shows and loads nothing.";
  }

  /** Offers `text` as a file named `name` (the browser saves it where the user says). */
  function saveFile(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type: type }));
    const a = el("a", { href: url, download: name }, document.body);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return {
    data: data,
    svg: svg,
    el: el,
    fragment: fragment,
    narrationTime: narrationTime,
    sig: sig,
    niceTicks: niceTicks,
    mix: mix,
    darker: darker,
    colours: colours,
    applyStyle: applyStyle,
    fontPx: fontPx,
    px: px,
    buildStyleControls: buildStyleControls,
    styleFromFragment: styleFromFragment,
    styleMode: () => style.mode,
    onStyle: onStyle,
    textWidth: textWidth,
    showTip: showTip,
    hideTip: hideTip,
    tipOn: tipOn,
    fillTerms: fillTerms,
    fillFooter: fillFooter,
    saveFile: saveFile,
  };
})();
