// ReduceLab's figure page: one of the analysis figures (the CV sweep of the paper's Fig. 4,
// the ratio map of Fig. 5, the best-method map of Fig. 6) drawn in SVG from the results the
// page holds, as the application draws it (ui/views/*_figure.cpp). Hovering a point or a cell
// shows its numbers (the program's words); the legend's entries switch their series or layers
// on and off.
(function () {
  const D = RL.data;
  const hidden = new Set(); // legend keys switched off
  const figure = document.getElementById("rl-figure");
  let svg = null;
  let hover = null; // (x, y) in the figure -> the hover text, or ""

  function category(i) {
    const all = RL.colours().view.categories;
    return all[((i % all.length) + all.length) % all.length];
  }
  function withAlpha(hex, alpha) {
    const n = parseInt(hex.slice(1), 16);
    return "rgba(" + (n >> 16) + "," + ((n >> 8) & 255) + "," + (n & 255) + "," + alpha.toFixed(3) + ")";
  }

  /** Ticks at decades (and 2 and 5 times them when the axis spans under 2.5 decades) for an
      axis of log10 values (SweepFigure::setLog10Ticks). */
  function log10Ticks(lo, hi) {
    const fine = hi - lo < 2.5;
    const ticks = [];
    for (let e = Math.floor(lo) - 1; e <= Math.ceil(hi); ++e) {
      for (const m of [1, 2, 5]) {
        if (m !== 1 && !fine) {
          continue;
        }
        const v = m * Math.pow(10, e);
        const l = Math.log10(v);
        if (l >= lo - 1e-9 && l <= hi + 1e-9) {
          ticks.push([l, RL.sig(v, 3)]);
        }
      }
    }
    return ticks;
  }

  /** The font size at which `text` fits in `room` pixels: `em`, or smaller down to 60 % of it
      (a rotated axis name on a short plot, a phone's). */
  function fitted(text, em, room) {
    const w = RL.textWidth(text, em);
    return w <= room ? em : Math.max(0.6 * em, (em * room) / w);
  }

  /** A plot frame: axes over [x0, x1] x [y0, y1] (in the axis units given), their ticks
      ([value, text]) and names; returns the mapping to pixels. */
  function frame(width, height, xr, yr, xTicks, yTicks, names, rightRoom) {
    const em = RL.fontPx();
    const s = RL.px(1);
    const yTickW = Math.max(...yTicks.map((t) => RL.textWidth(t[1], em)), 0);
    const left = Math.ceil(yTickW + em * 2.6 + 8 * s);
    const right = Math.ceil(rightRoom + 14 * s);
    const top = Math.ceil(em * 0.8);
    const bottom = Math.ceil(em * 3.2);
    const w = Math.max(40, width - left - right);
    const h = Math.max(40, height - top - bottom);
    const X = (v) => left + ((v - xr[0]) / (xr[1] - xr[0])) * w;
    const Y = (v) => top + h - ((v - yr[0]) / (yr[1] - yr[0])) * h;
    const grid = RL.svg("g", null, svg);
    const axes = RL.svg("g", null, svg);
    RL.svg("rect", { x: left, y: top, width: w, height: h, class: "rl-axis-line" }, axes);
    for (const [v, text] of xTicks) {
      const x = X(v);
      if (names.grid) {
        RL.svg("line", { class: "rl-gridline", x1: x, y1: top, x2: x, y2: top + h }, grid);
      }
      RL.svg("line", { class: "rl-axis-line", x1: x, y1: top + h, x2: x, y2: top + h + 4 * s }, axes);
      RL.svg("text", { class: "rl-label", x: x, y: top + h + 5 * s + em, "text-anchor": "middle", "font-size": em }, axes).textContent = text;
    }
    for (const [v, text] of yTicks) {
      const y = Y(v);
      if (names.grid) {
        RL.svg("line", { class: "rl-gridline", x1: left, y1: y, x2: left + w, y2: y }, grid);
      }
      RL.svg("line", { class: "rl-axis-line", x1: left - 4 * s, y1: y, x2: left, y2: y }, axes);
      RL.svg("text", { class: "rl-label", x: left - 6 * s, y: y, "text-anchor": "end", "dominant-baseline": "central", "font-size": em }, axes).textContent = text;
    }
    RL.svg("text", { class: "rl-label", x: left + w / 2, y: top + h + 6 * s + 2.2 * em, "text-anchor": "middle", "font-size": em }, axes).textContent = names.x;
    const yName = RL.svg("text", { class: "rl-label", x: 0, y: 0, "text-anchor": "middle", "font-size": fitted(names.y, em, h), transform: "translate(" + (em * 1.1) + "," + (top + h / 2) + ") rotate(-90)" }, axes);
    yName.textContent = names.y;
    return { X: X, Y: Y, left: left, top: top, w: w, h: h, axes: axes };
  }

  // --- Fig. 4: the mean makespan against CV, with its quantile ribbon (CvSweepFigure)

  function drawCvSweep(width, height) {
    const points = [];
    let ylo = Infinity;
    let yhi = -Infinity;
    let xlo = Infinity;
    let xhi = -Infinity;
    for (const series of D.series) {
      for (const p of series.points) {
        for (const v of [p.mean, p.lo, p.hi]) {
          if (v !== undefined && v !== null && v > 0) {
            ylo = Math.min(ylo, v);
            yhi = Math.max(yhi, v);
          }
        }
        xlo = Math.min(xlo, p.cv);
        xhi = Math.max(xhi, p.cv);
      }
    }
    if (D.reference) {
      ylo = Math.min(ylo, D.reference.value);
      yhi = Math.max(yhi, D.reference.value);
      xlo = Math.min(xlo, 1);
      xhi = Math.max(xhi, 1);
    }
    if (!isFinite(ylo)) {
      ylo = 1;
      yhi = 10;
      xlo = 0.1;
      xhi = 10;
    }
    const xr = [Math.log10(xlo / 1.25), Math.log10(xhi * 1.25)];
    const yr = [Math.log10(ylo / 1.15), Math.log10(yhi * 1.15)];
    if (yr[1] - yr[0] < 1e-9) {
      yr[0] -= 0.05;
      yr[1] += 0.05;
    }
    // Labels at 1, 2 and 5 times the decades (a log axis labelled at decades only would leave
    // most of this range bare).
    // Where they would crowd (a range of many decades), decades only, then every other one...
    const em = RL.fontPx();
    const room = Math.max(1, Math.floor((height - 4 * em) / (1.6 * em)));
    let yTicks = [];
    for (const [multiples, every] of [[[1, 2, 5], 1], [[1], 1], [[1], 2], [[1], 5], [[1], 10]]) {
      yTicks = [];
      for (let e = Math.floor(yr[0]); e <= Math.ceil(yr[1]); ++e) {
        for (const m of multiples) {
          const v = m * Math.pow(10, e);
          const l = Math.log10(v);
          if (l >= yr[0] && l <= yr[1] && e % every === 0) {
            yTicks.push([l, RL.sig(v, 4)]);
          }
        }
      }
      if (yTicks.length <= room) {
        break;
      }
    }
    const f = frame(width, height, xr, yr, log10Ticks(xr[0], xr[1]), yTicks, { x: D.axes.x, y: D.axes.y, grid: true }, 0);
    const X = (cv) => f.X(Math.log10(cv));
    const Y = (v) => f.Y(Math.log10(v));
    const clip = RL.svg("clipPath", { id: "rl-plot-clip" }, RL.svg("defs", null, svg));
    RL.svg("rect", { x: f.left, y: f.top, width: f.w, height: f.h }, clip);
    const plot = RL.svg("g", { "clip-path": "url(#rl-plot-clip)" }, svg);
    const s = RL.px(1);
    for (const series of D.series) {
      const algo = D.algorithms[series.algorithm];
      if (hidden.has("a" + series.algorithm)) {
        continue;
      }
      const colour = category(algo.category);
      const pts = series.points.filter((p) => p.mean > 0);
      const ribbon = pts.filter((p) => p.lo > 0 && p.hi > 0);
      if (D.ribbon && ribbon.length > 1) {
        const upper = ribbon.map((p) => X(p.cv) + "," + Y(p.hi));
        const lower = ribbon.slice().reverse().map((p) => X(p.cv) + "," + Y(p.lo));
        RL.svg("polygon", { points: upper.concat(lower).join(" "), fill: withAlpha(colour, 35 / 255), stroke: "none" }, plot);
        for (const key of ["lo", "hi"]) {
          RL.svg("polyline", { points: ribbon.map((p) => X(p.cv) + "," + Y(p[key])).join(" "), fill: "none", stroke: withAlpha(colour, 110 / 255), "stroke-width": s, "stroke-dasharray": 4 * s + " " + 3 * s }, plot);
        }
      }
      RL.svg("polyline", { points: pts.map((p) => X(p.cv) + "," + Y(p.mean)).join(" "), fill: "none", stroke: colour, "stroke-width": 2 * s, class: "rl-series" }, plot);
      series.points.forEach((p, i) => {
        if (p.mean > 0) {
          const dot = RL.svg("circle", { class: "rl-point", cx: X(p.cv), cy: Y(p.mean), r: 2.5 * s, fill: colour, "data-series": series.algorithm, "data-point": i }, plot);
          points.push({ x: X(p.cv), y: Y(p.mean), tip: p.tip, e: dot });
        }
      });
    }
    if (D.reference && !hidden.has("reference")) {
      const x = X(1);
      const y = Y(D.reference.value);
      const r = 7 * s;
      const fg = RL.colours().view.foreground;
      const star = RL.svg("g", { class: "rl-point rl-reference", stroke: fg, "stroke-width": 2 * s }, plot);
      for (const [dx, dy] of [[1, 0], [0, 1], [0.7, 0.7], [0.7, -0.7]]) {
        RL.svg("line", { x1: x - dx * r, y1: y - dy * r, x2: x + dx * r, y2: y + dy * r }, star);
      }
      points.push({ x: x, y: y, tip: "<b>" + D.reference.label + "</b>", e: star });
    }
    // The nearest point within 30 pixels, and 20 sideways (CvSweepFigure::hitTest).
    hover = (x, y) => {
      let best = null;
      let bestDist = 30;
      for (const p of points) {
        if (Math.abs(p.x - x) > 20) {
          continue;
        }
        const d = Math.hypot(p.x - x, p.y - y);
        if (d < bestDist) {
          bestDist = d;
          best = p;
        }
      }
      return best ? best.tip : "";
    };
  }

  // --- Fig. 5 and Fig. 6: maps over the CV x mu_c/mu_d grid (MapFigure)

  function mapGeometry() {
    const axis = (v) => {
      const lo = Math.log10(Math.max(v[0], 1e-300));
      const hi = Math.log10(Math.max(v[v.length - 1], 1e-300));
      const half = v.length > 1 ? (hi - lo) / (v.length - 1) / 2 : 0.5;
      return { lo: lo, hi: hi, half: half, values: v.map((x) => Math.log10(Math.max(x, 1e-300))) };
    };
    return { x: axis(D.cvs), y: axis(D.ratios) };
  }

  function mapFrame(width, height, rightRoom) {
    const g = mapGeometry();
    const xr = [g.x.lo - g.x.half, g.x.hi + g.x.half];
    const yr = [g.y.lo - g.y.half, g.y.hi + g.y.half];
    const f = frame(width, height, xr, yr, log10Ticks(xr[0], xr[1]), log10Ticks(yr[0], yr[1]), { x: D.axes.x, y: D.axes.y, grid: false }, rightRoom);
    f.g = g;
    return f;
  }

  /** The cells as rectangles under the axes, coloured by `fill(cell)`; hover shows a cell's text. */
  function drawCells(f, fill) {
    const g = f.g;
    const layer = RL.svg("g", null, svg);
    svg.insertBefore(layer, f.axes);
    const nx = D.cvs.length;
    const rects = [];
    D.cells.forEach((cell, point) => {
      const i = point % nx;
      const j = Math.floor(point / nx);
      const x0 = f.X(g.x.values[i] - g.x.half);
      const x1 = f.X(g.x.values[i] + g.x.half);
      const y0 = f.Y(g.y.values[j] + g.y.half);
      const y1 = f.Y(g.y.values[j] - g.y.half);
      const rect = RL.svg("rect", { class: "rl-cell", x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: fill(cell), "data-point": point }, layer);
      rects.push({ x0: x0, x1: x1, y0: y0, y1: y1, cell: cell, rect: rect });
    });
    hover = (x, y) => {
      for (const r of rects) {
        if (x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1) {
          return r.cell.tip;
        }
      }
      return "";
    };
    return { layer: layer, rects: rects };
  }

  /** The ratio map's diverging colour of log10(ratio) v over [-extent, extent]. */
  function diverging(v) {
    const stops = D.stops;
    const t = Math.min(1, Math.max(0, (v + D.extent) / (2 * D.extent)));
    const pos = t * (stops.length - 1);
    const k = Math.min(stops.length - 2, Math.floor(pos));
    return RL.mix(stops[k], stops[k + 1], pos - k);
  }

  function drawRatioMap(width, height) {
    const em = RL.fontPx();
    const s = RL.px(1);
    const tickW = Math.max(...D.ticks.map((t) => RL.textWidth(t[1], em)), 0);
    const barW = 20 * s;
    const rightRoom = barW + 8 * s + tickW + em * 2.4;
    const f = mapFrame(width, height, rightRoom);
    const fg = RL.colours().view.foreground;
    const defs = RL.svg("defs", null, svg);
    const hatch = RL.svg("pattern", { id: "rl-hatch", patternUnits: "userSpaceOnUse", width: 7 * s, height: 7 * s }, defs);
    RL.svg("path", { d: "M0," + 7 * s + " L" + 7 * s + ",0", stroke: withAlpha(fg, 150 / 255), "stroke-width": s }, hatch);
    const cells = drawCells(f, (cell) => (cell.v === null ? D.missing : diverging(cell.v)));
    if (!hidden.has("hatch")) {
      for (const r of cells.rects) {
        if (r.cell.hatch) {
          RL.svg("rect", { x: r.x0, y: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0, fill: "url(#rl-hatch)", "pointer-events": "none" }, cells.layer);
        }
      }
    }
    if (!hidden.has("contour")) {
      for (const line of D.contours) {
        RL.svg("polyline", { class: "rl-contour", points: line.map((p) => f.X(p[0]) + "," + f.Y(p[1])).join(" "), fill: "none", stroke: fg, "stroke-width": 2.5 * s, "pointer-events": "none" }, cells.layer);
      }
    }
    // The colour scale, centred on a ratio of 1.
    const bx = f.left + f.w + 10 * s;
    const gradient = RL.svg("linearGradient", { id: "rl-scale", x1: 0, y1: 1, x2: 0, y2: 0 }, defs);
    D.stops.forEach((c, i) => RL.svg("stop", { offset: i / (D.stops.length - 1), "stop-color": c }, gradient));
    RL.svg("rect", { x: bx, y: f.top, width: barW, height: f.h, fill: "url(#rl-scale)", stroke: fg, "stroke-width": 1 }, svg);
    for (const [v, text] of D.ticks) {
      const y = f.top + f.h - ((v + D.extent) / (2 * D.extent)) * f.h;
      RL.svg("line", { class: "rl-axis-line", x1: bx + barW, y1: y, x2: bx + barW + 4 * s, y2: y }, svg);
      RL.svg("text", { class: "rl-label", x: bx + barW + 6 * s, y: y, "dominant-baseline": "central", "font-size": em }, svg).textContent = text;
    }
    const lx = bx + barW + 8 * s + tickW + em * 1.2;
    RL.svg("text", { class: "rl-label", x: 0, y: 0, "text-anchor": "middle", "font-size": fitted(D.scale, em, f.h), transform: "translate(" + lx + "," + (f.top + f.h / 2) + ") rotate(90)" }, svg).textContent = D.scale;
  }

  function drawBestMethod(width, height) {
    const f = mapFrame(width, height, 0);
    const c = RL.colours().view;
    const cells = drawCells(f, (cell) => {
      if (cell.best < 0 || hidden.has("a" + cell.best)) {
        return c.grid;
      }
      return RL.mix(c.background, category(D.algorithms[cell.best].category), cell.w);
    });
    if (!hidden.has("tie")) {
      const s = RL.px(1);
      const r = 3.5 * s;
      for (const cell of cells.rects) {
        if (cell.cell.tie && !hidden.has("a" + cell.cell.best)) {
          const x = (cell.x0 + cell.x1) / 2;
          const y = (cell.y0 + cell.y1) / 2;
          RL.svg("path", { class: "rl-tie", d: "M" + (x - r) + "," + (y - r) + "L" + (x + r) + "," + (y + r) + "M" + (x - r) + "," + (y + r) + "L" + (x + r) + "," + (y - r), stroke: c.foreground, "stroke-width": 1.2 * s, "pointer-events": "none" }, cells.layer);
        }
      }
    }
  }

  // --- The legend: each entry switches its series or layer on and off.

  function legendEntries() {
    const c = RL.colours().view;
    const entries = [];
    if (D.figure === "fig5") {
      entries.push({ key: "contour", label: "ratio = 1", draw: (g, w, h) => RL.svg("line", { x1: 0, y1: h / 2, x2: w, y2: h / 2, stroke: c.foreground, "stroke-width": RL.px(2.5) }, g) });
      entries.push({
        key: "hatch",
        label: "95% interval contains 1 (hatched)",
        draw: (g, w, h) => {
          RL.svg("rect", { x: 1, y: 1, width: w - 2, height: h - 2, fill: D.stops[2], stroke: c.muted }, g);
          for (let x = -h; x < w; x += 6) {
            RL.svg("line", { x1: x, y1: h, x2: x + h, y2: 0, stroke: withAlpha(c.foreground, 150 / 255) }, g);
          }
        },
      });
      return entries;
    }
    D.algorithms.forEach((a, i) => {
      const colour = category(a.category);
      entries.push({
        key: "a" + i,
        label: a.name,
        draw: (g, w, h) => {
          if (D.figure === "fig4") {
            RL.svg("line", { x1: 0, y1: h / 2, x2: w, y2: h / 2, stroke: colour, "stroke-width": RL.px(2) }, g);
            RL.svg("circle", { cx: w / 2, cy: h / 2, r: RL.px(2.5), fill: colour }, g);
          } else {
            const side = Math.min(h, RL.px(12));
            RL.svg("rect", { x: (w - side) / 2, y: (h - side) / 2, width: side, height: side, fill: colour, stroke: c.foreground, "stroke-width": RL.px(0.5) }, g);
          }
        },
      });
    });
    if (D.figure === "fig4" && D.reference) {
      entries.push({
        key: "reference",
        label: D.reference.label,
        draw: (g, w, h) => {
          const r = Math.min(h / 2 - 1, RL.px(7));
          for (const [dx, dy] of [[1, 0], [0, 1], [0.7, 0.7], [0.7, -0.7]]) {
            RL.svg("line", { x1: w / 2 - dx * r, y1: h / 2 - dy * r, x2: w / 2 + dx * r, y2: h / 2 + dy * r, stroke: c.foreground, "stroke-width": RL.px(1.5) }, g);
          }
        },
      });
    }
    if (D.figure === "fig6") {
      entries.push({
        key: "tie",
        label: "tie",
        draw: (g, w, h) => {
          const r = Math.min(h / 2 - 1, RL.px(3.5));
          RL.svg("path", { d: "M" + (w / 2 - r) + "," + (h / 2 - r) + "L" + (w / 2 + r) + "," + (h / 2 + r) + "M" + (w / 2 - r) + "," + (h / 2 + r) + "L" + (w / 2 + r) + "," + (h / 2 - r), stroke: c.foreground, "stroke-width": RL.px(1.2) }, g);
        },
      });
    }
    return entries;
  }

  function buildLegend() {
    const strip = document.getElementById("rl-legend");
    strip.textContent = "";
    const em = RL.fontPx();
    for (const entry of legendEntries()) {
      const on = !hidden.has(entry.key);
      const li = RL.el("li", { role: "button", tabindex: "0", "aria-pressed": on ? "true" : "false", "data-key": entry.key, title: "click to show or hide" }, strip);
      const w = Math.round(em * 2.4);
      const h = Math.round(em * 1.3);
      const g = RL.svg("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, "aria-hidden": "true" }, li);
      entry.draw(g, w, h);
      RL.el("span", null, li, entry.label);
      const toggle = () => {
        if (hidden.has(entry.key)) {
          hidden.delete(entry.key);
        } else {
          hidden.add(entry.key);
        }
        draw();
      };
      li.addEventListener("click", toggle);
      li.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          toggle();
        }
      });
    }
  }

  function draw() {
    buildLegend();
    figure.textContent = "";
    const width = figure.clientWidth;
    const head = document.querySelector(".rl-head").offsetHeight + document.getElementById("rl-legend").offsetHeight;
    const height = Math.round(Math.max(RL.fontPx() * 22, Math.min(width * 0.68, window.innerHeight - head - 24)));
    svg = RL.svg("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": D.title }, figure);
    if (D.figure === "fig4") {
      drawCvSweep(width, height);
    } else if (D.figure === "fig5") {
      drawRatioMap(width, height);
    } else {
      drawBestMethod(width, height);
    }
    RL.tipOn(svg, (e) => {
      const box = svg.getBoundingClientRect();
      return hover ? hover(e.clientX - box.left, e.clientY - box.top) : "";
    }, true);
  }

  function start() {
    document.title = D.title;
    document.getElementById("rl-title").textContent = D.title;
    // One line: the values, named where a value alone would not say what it is.
    document.getElementById("rl-subtitle").textContent = D.settings
      .map((l) => (["CV", "mu_c/mu_d", "replicates", "seed"].indexOf(l[0]) >= 0 ? l[0] + " " + l[1] : l[1]))
      .join(" · ");
    RL.fillTerms(document.getElementById("rl-settings"), D.settings, false);
    RL.fillTerms(document.getElementById("rl-glossary"), D.glossary.map((g) => [g.term, g.meaning]), true);
    RL.fillFooter(document.getElementById("rl-foot"));
    RL.buildStyleControls(document.getElementById("rl-view-controls"));
    RL.onStyle(draw);
    RL.styleFromFragment();
    RL.applyStyle();
    window.addEventListener("resize", () => {
      clearTimeout(draw.timer);
      draw.timer = setTimeout(draw, 60);
    });
    window.addEventListener("hashchange", () => {
      RL.styleFromFragment();
      RL.applyStyle();
    });
    document.body.dataset.ready = "true";
  }

  start();
})();
