// ReduceLab's run page: the explorer's player in a browser. For each algorithm of the run, its
// Gantt chart and its reduction tree, drawn in SVG as the application draws them; the
// transport bar (play, step, seek, speed) and the narration written by the program. The keys
// are the application's: Space, Left, Right, Home, End, [ and ].
//
// Test hooks: the fragment #t=3.5 opens the page paused at that time; #rl-time shows the time
// as the application writes it ("t = 3.50"); #rl-narration holds the narration's lines (the
// current one has the class rl-current).
(function () {
  const D = RL.data;
  const RUNS = D.runs;
  const EVENTS = D.events; // [time, kind, operation, run]; kind: 0/1 transfer start/end, 2/3 reduction
  const END = D.end;
  const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
  /** Seconds the whole run takes at speed ×1 (the explorer's). */
  const SECONDS_AT_1 = 12;
  const SCRUB_STEPS = 1000;

  const state = {
    t: 0,
    index: -1,
    playing: false,
    speed: 2,
    last: 0,
    selected: null, // {run, transfer: k} or {run, reduction: k}
  };
  const views = [];
  /** Where playing stops (web/classroom.js: before its next question); none: the end. */
  const hooks = { stopAt: () => Infinity, rendered: [] };

  // --- Derived facts of each run, as the tree view derives them (ui/views/tree_view.cpp)
  for (const run of RUNS) {
    run.sendOf = new Array(run.n).fill(-1);
    run.mergedAt = run.transfers.map((t) => t[3]);
    run.reductionsOn = Array.from({ length: run.n }, () => []);
    run.completeAt = 0;
    run.transfers.forEach((t, k) => {
      run.sendOf[t[0]] = k;
    });
    run.reductions.forEach((r, k) => {
      run.mergedAt[r[1]] = r[3];
      run.reductionsOn[r[0]].push(k);
      if (r[0] === run.root) {
        run.completeAt = Math.max(run.completeAt, r[3]);
      }
    });
    run.critT = new Set(run.critical[0]);
    run.critR = new Set(run.critical[1]);
    // The value a transfer carries is the second line of its description ("value [2,3]").
    run.values = run.tips[0].map((tip) => (tip.split("\n")[1] || "").replace(/^value /, ""));
  }

  // --- The animation (ui/explorer/animation_controller.cpp)

  function lastEventAtOrBefore(t) {
    let lo = 0;
    let hi = EVENTS.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (EVENTS[mid][0] <= t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo - 1;
  }
  function unitsPerSecond() {
    return (Math.max(END, 1e-9) / SECONDS_AT_1) * SPEEDS[state.speed];
  }
  function setState(t, index) {
    state.t = t;
    state.index = index;
    render();
  }
  function play() {
    if (state.t >= END) {
      setState(0, lastEventAtOrBefore(0));
    }
    if (!state.playing) {
      state.playing = true;
      state.last = performance.now();
      requestAnimationFrame(tick);
    }
    updatePlayButton();
  }
  function pause() {
    state.playing = false;
    updatePlayButton();
    for (const f of hooks.rendered) {
      f();
    }
  }
  function togglePlay() {
    state.playing ? pause() : play();
  }
  function tick(now) {
    if (!state.playing) {
      return;
    }
    const dt = Math.max(0, now - state.last) / 1000;
    state.last = now;
    const stop = hooks.stopAt();
    if (stop < END && state.t + dt * unitsPerSecond() >= stop) {
      pause();
      setState(stop, lastEventAtOrBefore(stop));
      return;
    }
    const t = Math.min(END, state.t + dt * unitsPerSecond());
    setState(t, lastEventAtOrBefore(t));
    if (t >= END) {
      pause();
    } else {
      requestAnimationFrame(tick);
    }
  }
  // One event at a time, even when several share a time (the narration tells them apart).
  function stepForward() {
    pause();
    if (state.index + 1 < EVENTS.length) {
      const i = state.index + 1;
      setState(EVENTS[i][0], i);
    }
  }
  function stepBack() {
    pause();
    if (state.index >= 0) {
      const i = state.index - 1;
      setState(i >= 0 ? EVENTS[i][0] : 0, i);
    }
  }
  function seek(t) {
    t = Math.min(END, Math.max(0, t));
    setState(t, lastEventAtOrBefore(t));
  }
  function seekToEvent(i) {
    pause();
    if (i >= 0 && i < EVENTS.length) {
      setState(EVENTS[i][0], i);
    }
  }
  function toStart() {
    pause();
    seek(0);
  }
  function toEnd() {
    pause();
    setState(END, EVENTS.length - 1);
  }
  function faster() {
    setSpeed(Math.min(state.speed + 1, SPEEDS.length - 1));
  }
  function slower() {
    setSpeed(Math.max(state.speed - 1, 0));
  }
  function setSpeed(i) {
    state.speed = i;
    transport.speed.value = String(i);
  }

  function select(sel) {
    state.selected = sel;
    for (const v of views) {
      v.gantt.showSelection();
      v.tree.showSelection();
    }
  }
  function selectedTransfer(r) {
    const s = state.selected;
    if (!s || s.run !== r) {
      return -1;
    }
    return s.transfer !== undefined ? s.transfer : RUNS[r].reductions[s.reduction][1];
  }

  /** Empties a view's <svg> and sizes it to width x height pixels, its units pixels. */
  function clearAndSize(svg, width, height) {
    svg.textContent = "";
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
  }

  /** The stage of operation `op` at time t (0: not started, 1: under way, 2: done), recorded
      in `marks.shown`, when its marks must be drawn again; -1 when they need not be (the same
      stage as last drawn and not under way, and no redraw forced). */
  function stageToDraw(op, marks, t, force) {
    const stage = op[2] > t ? 0 : op[3] <= t ? 2 : 1;
    if (!force && stage === marks.shown && stage !== 1) {
      return -1;
    }
    marks.shown = stage;
    return stage;
  }

  // --- The Gantt chart (ui/views/gantt_view.cpp, gantt_plottable.cpp)

  class Gantt {
    constructor(run, r, pane) {
      this.run = run;
      this.r = r;
      this.svg = RL.svg("svg", { class: "rl-gantt-svg", role: "img", "aria-label": "Gantt chart of " + run.name }, pane);
      RL.tipOn(this.svg, (e) => this.tipAt(e.target));
      this.svg.addEventListener("click", (e) => this.clicked(e));
    }

    opOf(target) {
      const op = target && target.dataset ? target.dataset.op : undefined;
      if (!op) {
        return null;
      }
      return { kind: op[0], k: parseInt(op.slice(1), 10) };
    }
    tipAt(target) {
      const op = this.opOf(target);
      if (!op) {
        return "";
      }
      return this.run.tips[op.kind === "t" ? 0 : 1][op.k];
    }
    clicked(e) {
      if (e.target.classList.contains("rl-axis-band")) {
        const box = this.svg.getBoundingClientRect();
        pause();
        seek(this.timeAt(e.clientX - box.left));
        return;
      }
      const op = this.opOf(e.target);
      if (op) {
        select(op.kind === "t" ? { run: this.r, transfer: op.k } : { run: this.r, reduction: op.k });
      } else {
        select(null);
      }
    }
    timeAt(x) {
      return this.lo + ((x - this.left) / this.plotW) * (this.hi - this.lo);
    }
    x(t) {
      return this.left + ((t - this.lo) / (this.hi - this.lo)) * this.plotW;
    }
    y(row) {
      return this.top + ((row + 0.6) / (this.run.n + 0.2)) * this.plotH;
    }

    /** The rows' labels: every row on the left when rows are as tall as the font; slightly
        smaller down to 90 %; else even rows left and odd rows right down to 70 %; else every
        2, 5, 10... rows (GanttView::updateRowLabels). */
    rowLabels(pitch, em) {
      let font = em;
      let step = 1;
      let both = false;
      if (pitch >= em) {
        // every row, at the font's size
      } else if (pitch >= 0.9 * em) {
        font = Math.max(1, Math.floor(pitch));
      } else if (2 * pitch >= 0.7 * em) {
        both = true;
        step = 2;
        font = Math.max(1, Math.min(em, Math.max(Math.ceil(0.7 * em), Math.floor(2 * pitch))));
      } else {
        const needed = em / pitch;
        step = 0;
        for (let decade = 1; !step; decade *= 10) {
          for (const m of [1, 2, 5]) {
            if (m * decade >= needed) {
              step = m * decade;
              break;
            }
          }
        }
      }
      return { font: font, step: step, both: both };
    }

    layout(width, height) {
      const run = this.run;
      const svg = this.svg;
      clearAndSize(svg, width, height);
      const em = RL.fontPx();
      const s = RL.px(1);
      const n = run.n;
      this.top = D.bound ? Math.ceil(em * 1.9) : Math.ceil(em * 0.7);
      const bottom = Math.ceil(em * 3.2);
      this.plotH = Math.max(20, height - this.top - bottom);
      const pitch = this.plotH / (n + 0.2);
      this.detailed = pitch >= 6;
      svg.classList.toggle("rl-thin", !this.detailed);
      const labels = this.rowLabels(pitch, em);
      const widest = RL.textWidth("P" + (n - 1), labels.font);
      this.left = Math.ceil(widest + 10 * s);
      const right = labels.both ? Math.ceil(widest + 10 * s) : Math.ceil(12 * s);
      this.plotW = Math.max(20, width - this.left - right);
      this.lo = -0.02 * END;
      this.hi = 1.02 * Math.max(END, 1e-9);
      const x0 = this.left;
      const x1 = this.left + this.plotW;
      const y0 = this.top;
      const y1 = this.top + this.plotH;

      // The time axis: grid lines, ticks and numbers under the rows, the word "time" under them;
      // a click on it seeks.
      const ticks = RL.niceTicks(Math.max(0, this.lo), this.hi, Math.max(2, Math.floor(this.plotW / (em * 6))));
      const grid = RL.svg("g", null, svg);
      const axis = RL.svg("g", { class: "rl-axis" }, svg);
      RL.svg("line", { x1: x0, y1: y1, x2: x1, y2: y1 }, axis);
      RL.svg("line", { x1: x0, y1: y0, x2: x0, y2: y1 }, axis);
      for (const v of ticks) {
        const x = this.x(v);
        RL.svg("line", { class: "rl-gridline", x1: x, y1: y0, x2: x, y2: y1 }, grid);
        RL.svg("line", { x1: x, y1: y1, x2: x, y2: y1 + 4 * s }, axis);
        const label = RL.svg("text", { class: "rl-label", x: x, y: y1 + 5 * s + em, "text-anchor": "middle", "font-size": em }, svg);
        label.textContent = RL.sig(v, 6);
      }
      const name = RL.svg("text", { class: "rl-label", x: (x0 + x1) / 2, y: y1 + 6 * s + 2.2 * em, "text-anchor": "middle", "font-size": em }, svg);
      name.textContent = "time";

      // The marks, bottom to top: idle bands, reductions, reception bars, arrows.
      const gIdle = RL.svg("g", null, svg);
      const gRed = RL.svg("g", null, svg);
      const gRecv = RL.svg("g", null, svg);
      const gArrow = RL.svg("g", null, svg);
      this.idle = [];
      this.idleWidth = new Array(n).fill(-1);
      for (let p = 0; p < n; ++p) {
        this.idle.push(RL.svg("rect", { class: "rl-idle", x: this.x(this.from(p)), y: this.y(p - 0.4), height: 0.8 * pitch, width: 0 }, gIdle));
      }
      // What the pointer finds, as the application's hit test: a reduction first, then an
      // arrow, then a reception bar (transparent shapes over the marks, in reverse order).
      const gHitRecv = RL.svg("g", null, svg);
      const gHitArrow = RL.svg("g", null, svg);
      const gHitRed = RL.svg("g", null, svg);
      this.reds = run.reductions.map((op, k) => {
        const y = this.y(op[0] - 0.3);
        const h = Math.max(1, 0.6 * pitch);
        const e = RL.svg("rect", { class: "rl-red", y: y, height: h }, gRed);
        e.classList.toggle("rl-crit", run.critR.has(k));
        const hit = RL.svg("rect", { class: "rl-hit-area", y: y - 1, height: h + 2, "data-op": "r" + k }, gHitRed);
        return { e: e, hit: hit, shown: -1 };
      });
      const headLength = Math.max(0, 8 * s);
      this.transfers = run.transfers.map((op, k) => {
        const crit = run.critT.has(k);
        const ry = this.y(op[1] - 0.12);
        const rh = Math.max(1, 0.24 * pitch);
        const recv = RL.svg("rect", { class: "rl-recv", y: ry, height: rh }, gRecv);
        const recvHit = RL.svg("rect", { class: "rl-hit-area", y: Math.min(ry, this.y(op[1]) - 3), height: Math.max(rh, 6), "data-op": "t" + k }, gHitRecv);
        const line = RL.svg("line", { class: "rl-arrow" }, gArrow);
        const head = RL.svg("polygon", { class: "rl-head-mark" }, gArrow);
        const hit = RL.svg("line", { class: "rl-hit", "stroke-width": Math.max(8, 6 * s), "data-op": "t" + k }, gHitArrow);
        for (const e of [recv, line, head]) {
          e.classList.toggle("rl-crit", crit);
        }
        // The arrowhead of the complete arrow (GanttPlottable's arrowHead).
        const ax = this.x(op[2]);
        const ay = this.y(op[0]);
        const bx = this.x(op[3]);
        const by = this.y(op[1]);
        const ang = Math.atan2(by - ay, bx - ax);
        const len = Math.min(headLength, Math.hypot(bx - ax, by - ay) * 0.5);
        head.setAttribute("points", [
          [bx, by],
          [bx - Math.cos(ang - 0.45) * len, by - Math.sin(ang - 0.45) * len],
          [bx - Math.cos(ang + 0.45) * len, by - Math.sin(ang + 0.45) * len],
        ].map((p) => p.join(",")).join(" "));
        return { recv: recv, recvHit: recvHit, line: line, head: head, hit: hit, shown: -1 };
      });

      // The bound or optimum: a dashed line labelled above the rows, never over a bar.
      if (D.bound) {
        const bx = this.x(D.bound.value);
        RL.svg("line", { class: "rl-bound", x1: bx, y1: y0, x2: bx, y2: y1 }, svg);
        const tw = RL.textWidth(D.bound.label, em);
        const pad = 4 * s;
        const lx = Math.max(2, bx - tw - 2 * pad);
        RL.svg("rect", { class: "rl-bound-label-box", x: lx, y: y0 - em * 1.5, width: tw + 2 * pad, height: em * 1.4 }, svg);
        const text = RL.svg("text", { class: "rl-label rl-bound-label", x: lx + pad, y: y0 - em * 0.45, "font-size": em }, svg);
        text.textContent = D.bound.label;
      }
      this.cursor = RL.svg("line", { class: "rl-cursor", y1: y0, y2: y1 }, svg);

      // Every row labelled, as the application labels them (rowLabels).
      const gLabels = RL.svg("g", { class: "rl-row-labels" }, svg);
      for (let p = 0; p < n; ++p) {
        let side = "left";
        if (labels.both) {
          side = p % 2 === 0 ? "left" : "right";
        } else if (p % labels.step !== 0) {
          continue;
        }
        const text = RL.svg("text", {
          class: "rl-label rl-row-label",
          x: side === "left" ? x0 - 5 * s : x1 + 5 * s,
          y: this.y(p),
          "text-anchor": side === "left" ? "end" : "start",
          "dominant-baseline": "central",
          "font-size": labels.font,
          "data-row": p,
        }, gLabels);
        text.textContent = "P" + p;
      }
      // The band under the rows where a click seeks (the time axis).
      RL.svg("rect", { class: "rl-axis-band", x: x0, y: y1, width: this.plotW, height: bottom }, svg);
      this.showSelection();
      this.update(state.t, true);
    }

    /** When processor p arrived (late arrivals; 0 without them): where its band starts. */
    from(p) {
      return this.run.arrivals ? this.run.arrivals[p] : 0;
    }

    /** Operations starting after t hidden, running ones drawn up to t. */
    update(t, force) {
      if (!this.reds) {
        return; // not laid out yet
      }
      const run = this.run;
      const end = Math.min(t, END);
      for (let p = 0; p < run.n; ++p) {
        const stop = Math.min(run.active[p], end);
        const w = Math.max(0, this.x(Math.max(0, stop)) - this.x(this.from(p)));
        if (force || w !== this.idleWidth[p]) {
          this.idleWidth[p] = w;
          this.idle[p].setAttribute("width", w);
        }
      }
      run.reductions.forEach((op, k) => {
        const m = this.reds[k];
        const shown = stageToDraw(op, m, t, force);
        if (shown < 0) {
          return;
        }
        m.e.style.display = shown ? "" : "none";
        m.hit.style.display = shown ? "" : "none";
        if (shown) {
          const a = this.x(op[2]);
          const w = Math.max(1, this.x(Math.min(op[3], t)) - a);
          m.e.setAttribute("x", a);
          m.e.setAttribute("width", w);
          m.hit.setAttribute("x", a - 2);
          m.hit.setAttribute("width", w + 4);
        }
      });
      run.transfers.forEach((op, k) => {
        const m = this.transfers[k];
        const shown = stageToDraw(op, m, t, force);
        if (shown < 0) {
          return;
        }
        const display = shown ? "" : "none";
        for (const e of [m.recv, m.recvHit, m.line, m.hit]) {
          e.style.display = display;
        }
        m.head.style.display = shown === 2 && this.detailed ? "" : "none";
        if (!shown) {
          return;
        }
        const until = Math.min(op[3], t);
        const frac = op[3] > op[2] ? (until - op[2]) / (op[3] - op[2]) : 1;
        const a = this.x(op[2]);
        const w = Math.max(1, this.x(until) - a);
        m.recv.setAttribute("x", a);
        m.recv.setAttribute("width", w);
        m.recvHit.setAttribute("x", a - 1);
        m.recvHit.setAttribute("width", w + 2);
        const ay = this.y(op[0]);
        const bx = this.x(op[3]);
        const by = this.y(op[1]);
        for (const e of [m.line, m.hit]) {
          e.setAttribute("x1", a);
          e.setAttribute("y1", ay);
          e.setAttribute("x2", a + frac * (bx - a));
          e.setAttribute("y2", ay + frac * (by - ay));
        }
      });
      const cx = this.x(Math.min(Math.max(t, 0), END));
      this.cursor.setAttribute("x1", cx);
      this.cursor.setAttribute("x2", cx);
    }

    showSelection() {
      if (!this.reds) {
        return;
      }
      const s = state.selected && state.selected.run === this.r ? state.selected : null;
      this.reds.forEach((m, k) => m.e.classList.toggle("rl-sel", !!s && s.reduction === k));
      this.transfers.forEach((m, k) => {
        const on = !!s && s.transfer === k;
        for (const e of [m.recv, m.line, m.head]) {
          e.classList.toggle("rl-sel", on);
        }
      });
    }
  }

  // --- The reduction tree (ui/views/tree_view*.cpp)

  const HOLDING = 0;
  const RECEIVING = 1;
  const REDUCING = 2;
  const SENDING = 3;
  const SENT = 4;
  const COMPLETE = 5;

  /** The segment from a to b, `ra` cut at a and `rb` at b (so that it ends on the circles). */
  function trimmed(a, b, ra, rb) {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy);
    if (len <= ra + rb) {
      return null;
    }
    return [[a[0] + (dx / len) * ra, a[1] + (dy / len) * ra], [b[0] - (dx / len) * rb, b[1] - (dy / len) * rb]];
  }
  /** Stem length for a gap of `band` pixels: what an edge label needs, within 30 % and 60 %. */
  function stemLength(band, labelStem) {
    return Math.min(Math.max(labelStem, 0.3 * band), 0.6 * band);
  }
  /** An edge: a stem up from the child, then a straight line to the parent (edgePath). */
  function edgePath(child, parent, radius, labelStem) {
    const gap = radius >= 1.5 ? radius + 0.5 : 0;
    const stem = stemLength(Math.max(0, child[1] - parent[1] - 2 * gap), labelStem);
    const hasStem = stem >= 1 && Math.abs(child[0] - parent[0]) >= 0.5;
    if (!hasStem) {
      const slant = trimmed(child, parent, gap, gap);
      return slant ? { points: slant, slant: slant } : null;
    }
    const top = [child[0], child[1] - gap];
    const knee = [child[0], top[1] - stem];
    const slant = trimmed(knee, parent, 0, gap);
    return slant ? { points: [top, slant[0], slant[1]], slant: slant } : null;
  }

  class Tree {
    constructor(run, r, pane) {
      this.run = run;
      this.r = r;
      this.svg = RL.svg("svg", { class: "rl-tree-svg", role: "img", "aria-label": "Reduction tree of " + run.name }, pane);
      RL.tipOn(this.svg, (e) => {
        const k = this.transferOf(e.target);
        return k >= 0 ? run.tips[0][k] : "";
      });
      this.svg.addEventListener("click", (e) => {
        const k = this.transferOf(e.target);
        select(k >= 0 ? { run: this.r, transfer: k } : null);
      });
    }
    transferOf(target) {
      const k = target && target.dataset ? target.dataset.transfer : undefined;
      return k === undefined ? -1 : parseInt(k, 10);
    }

    /** How a node in each state is drawn (TreeView::nodeLooks). */
    looks(radius) {
      const c = RL.colours().view;
      const thin = RL.px(1.2);
      const thick = Math.min(Math.max(radius * 0.16, RL.px(1.5)), RL.px(3));
      return [
        { fill: c.nodeFill, stroke: c.foreground, width: thin, text: c.foreground },
        { fill: c.nodeFill, stroke: c.transfer, width: thick, text: c.foreground },
        { fill: c.reducingFill, stroke: c.reduction, width: thick, text: c.foreground },
        { fill: c.nodeFill, stroke: c.transfer, width: thick, text: c.foreground },
        { fill: c.background, stroke: c.muted, width: RL.px(1), text: c.muted },
        { fill: c.transfer, stroke: c.transfer, width: thin, text: c.onTransfer },
      ];
    }

    nodeState(p, t) {
      const run = this.run;
      const k = run.sendOf[p];
      if (k >= 0) {
        const op = run.transfers[k];
        if (op[3] <= t) {
          return SENT;
        }
        if (op[2] <= t) {
          return SENDING;
        }
      } else if (run.completeAt <= t) {
        return COMPLETE;
      }
      for (const rk of run.reductionsOn[p]) {
        const red = run.reductions[rk];
        if (red[2] <= t && t < red[3]) {
          return REDUCING;
        }
        const input = run.transfers[red[1]];
        if (input[2] <= t && t < input[3]) {
          return RECEIVING;
        }
      }
      return HOLDING;
    }

    layout(width, height) {
      const run = this.run;
      const svg = this.svg;
      clearAndSize(svg, width, height);
      const em = RL.fontPx();
      const fh = em * 1.2;
      const margin = RL.px(10);
      const lw = Math.max(...run.x, 0);
      const lh = Math.max(...run.y, 0);
      const availW = Math.max(1, width - 2 * margin);
      const availH = Math.max(1, height - 1.5 * margin);
      // Small trees do not blow up: columns and levels are capped where nodes and labels are
      // comfortable (TreeView::fitView).
      const sx = Math.min(availW / (lw + 1), 7 * fh);
      const sy = Math.min(availH / (lh + 1), 7 * fh);
      const tx = margin + availW / 2 - (lw / 2) * sx;
      const ty = margin + availH / 2 - (lh / 2) * sy;
      this.pts = run.x.map((x, p) => [x * sx + tx, run.y[p] * sy + ty]);
      this.paneWidth = width;
      this.sx = sx;
      this.sy = sy;

      // Sizes that depend on the room (TreeView::metrics).
      const n = run.n;
      let r = Math.min(0.4 * sx, 0.3 * sy, 1.15 * fh);
      const lastLabel = (numberOnly) => (numberOnly ? "" : "P") + Math.max(0, n - 1);
      const labelScale = (numberOnly) => Math.min(1, (2 * r - 4) / RL.textWidth(lastLabel(numberOnly), em), (2 * r + 2) / fh);
      let labelPx = em * labelScale(false);
      let nodeLabels = labelPx >= 7;
      let numberOnly = false;
      if (n <= 32) {
        r = Math.max(r, Math.min(0.47 * sx, 0.45 * sy, 1.15 * fh));
        nodeLabels = false;
        for (const [only, least] of [[false, RL.px(7)], [true, RL.px(7)], [false, 7], [true, 7]]) {
          labelPx = em * labelScale(only);
          numberOnly = only;
          if (labelPx >= least) {
            nodeLabels = true;
            break;
          }
        }
      }
      this.radius = r;
      this.arrows = r >= 5;
      this.labelBoxH = 2 * fh + 4;
      const labelStem = this.labelBoxH + 6;
      const band = sy - 2 * (r + 0.5);
      this.edgeLabels = nodeLabels && stemLength(band, labelStem) >= labelStem && sx >= 2.5 * fh;
      this.fh = fh;
      this.em = em;
      const c = RL.colours().view;
      this.plain = RL.mix(c.background, c.transfer, Math.min(Math.max(sx / 6, 0.45), 1));
      this.width = Math.min(Math.max(r * 0.13, RL.px(1)), RL.px(2));
      this.arrowSize = Math.min(Math.max(r * 0.55, RL.px(5)), RL.px(10));

      const gEdges = RL.svg("g", null, svg);
      const gHit = RL.svg("g", null, svg);
      const gNodes = RL.svg("g", null, svg);
      this.gLabels = RL.svg("g", { class: "rl-edge-labels" }, svg);
      this.edges = run.transfers.map((op, k) => {
        const path = edgePath(this.pts[op[0]], this.pts[op[1]], r, labelStem);
        if (!path) {
          return null;
        }
        const d = "M" + path.points.map((p) => p[0].toFixed(2) + "," + p[1].toFixed(2)).join("L");
        const line = RL.svg("path", { class: "rl-edge", d: d }, gEdges);
        let head = null;
        if (this.arrows) {
          const [a, b] = path.slant;
          const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
          const u = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
          const nn = [-u[1], u[0]];
          const size = this.arrowSize;
          head = RL.svg("polygon", {
            points: [b, [b[0] - u[0] * size + nn[0] * size * 0.45, b[1] - u[1] * size + nn[1] * size * 0.45],
              [b[0] - u[0] * size - nn[0] * size * 0.45, b[1] - u[1] * size - nn[1] * size * 0.45]].map((p) => p.join(",")).join(" "),
          }, gEdges);
        }
        const hit = RL.svg("path", { class: "rl-hit", d: d, "stroke-width": Math.max(10, 2 * this.width), "data-transfer": k }, gHit);
        return { line: line, head: head, hit: hit, key: "" };
      });
      this.rings = [0, 1].map(() => RL.svg("circle", { class: "rl-ring", r: r + 3, "stroke-width": RL.px(2) }, gNodes));
      this.nodes = this.pts.map((pt, p) => {
        const circle = RL.svg("circle", { cx: pt[0], cy: pt[1], r: r < 2 ? Math.max(r, 0.8) : r, "data-node": p }, gNodes);
        let text = null;
        if (nodeLabels) {
          text = RL.svg("text", { class: "rl-node-text rl-node-label", x: pt[0], y: pt[1], "font-size": Math.max(1, Math.floor(labelPx)), "data-node": p }, gNodes);
          text.textContent = (numberOnly ? "" : "P") + p;
        }
        return { circle: circle, text: text, state: -1 };
      });
      this.rootMark = null;
      if (r < 4) {
        const root = this.pts[run.root];
        this.rootMark = RL.svg("circle", { cx: root[0], cy: root[1], r: 4, "stroke-width": RL.px(1.2) }, gNodes);
      }
      this.visibleCount = -1;
      this.showSelection(); // and draws everything at the cursor
    }

    update(t, force) {
      if (!this.nodes) {
        return; // not laid out yet
      }
      const run = this.run;
      const looks = this.looks(this.radius);
      const c = RL.colours().view;
      const sel = selectedTransfer(this.r);
      const widths = [this.width, Math.max(RL.px(2.5), this.width * 2.2), Math.max(RL.px(3), this.width * 2.5)];
      const colours = [this.plain, c.critical, c.selection];
      let visible = 0;
      run.transfers.forEach((op, k) => {
        const e = this.edges[k];
        if (!e) {
          return;
        }
        const started = op[2] <= t;
        visible += started ? 1 : 0;
        const merged = run.mergedAt[k] <= t;
        const style = k === sel ? 2 : run.critT.has(k) ? 1 : 0;
        // The selected transfer before it starts: faint and dotted, so that it can be found.
        const future = !started && k === sel;
        const key = (started ? "s" : future ? "f" : "h") + (merged ? "m" : "") + style;
        if (!force && key === e.key) {
          return;
        }
        e.key = key;
        const show = started || future;
        for (const part of [e.line, e.head, e.hit]) {
          if (part) {
            part.style.display = show && (part !== e.head || started) ? "" : "none";
          }
        }
        if (!show) {
          return;
        }
        const w = widths[style];
        e.line.setAttribute("stroke", colours[style]);
        e.line.setAttribute("stroke-width", w);
        e.line.setAttribute("stroke-dasharray", future ? w + " " + 2 * w : merged ? "none" : 4 * w + " " + 3 * w);
        if (e.head) {
          e.head.setAttribute("fill", colours[style]);
        }
      });
      this.nodes.forEach((node, p) => {
        const st = this.nodeState(p, t);
        if (!force && st === node.state) {
          return;
        }
        node.state = st;
        const look = looks[st];
        if (this.radius < 2) {
          // Too small for an outline: a dot in the colour that tells the state.
          node.circle.setAttribute("fill", st === HOLDING ? RL.mix(c.background, c.transfer, 0.6) : st === SENT ? c.muted : look.stroke);
          node.circle.setAttribute("stroke", "none");
        } else {
          node.circle.setAttribute("fill", look.fill);
          node.circle.setAttribute("stroke", look.stroke);
          node.circle.setAttribute("stroke-width", look.width);
        }
        if (node.text) {
          node.text.setAttribute("fill", look.text);
        }
      });
      if (this.rootMark) {
        // Zoomed far out the root stays findable: drawn at a legible size over the dots.
        const look = looks[this.nodeState(run.root, t)];
        this.rootMark.setAttribute("fill", look.fill);
        this.rootMark.setAttribute("stroke", look.stroke);
      }
      if (force || visible !== this.visibleCount) {
        this.visibleCount = visible;
        this.placeEdgeLabels(t);
      }
    }

    /** Each visible edge's value and times on its stem, left to right per level, as close to
        centred as the neighbouring stems and labels allow; one that does not fit is left out
        (the tooltip has it) (TreeView::paintEdgeLabels). */
    placeEdgeLabels(t) {
      const g = this.gLabels;
      g.textContent = "";
      if (!this.edgeLabels) {
        return;
      }
      const run = this.run;
      const em = this.em;
      const fh = this.fh;
      const maxW = Math.max(4 * fh, 2 * this.sx);
      const stems = [];
      run.transfers.forEach((op, k) => {
        if (op[2] <= t) {
          const p = this.pts[op[0]];
          stems.push({ depth: run.y[op[0]], x: p[0], y: p[1], k: k });
        }
      });
      stems.sort((a, b) => (a.depth !== b.depth ? a.depth - b.depth : a.x - b.x));
      const gap = 6;
      let lastRight = -Infinity;
      for (let i = 0; i < stems.length; ++i) {
        const st = stems[i];
        const newLevel = i === 0 || stems[i - 1].depth !== st.depth;
        if (newLevel) {
          lastRight = -Infinity;
        }
        // Within the pane too: a label is never cut by its edge.
        const lo = Math.max(newLevel ? 2 : stems[i - 1].x + gap, lastRight + gap);
        const lastOfLevel = i + 1 === stems.length || stems[i + 1].depth !== st.depth;
        const hi = lastOfLevel ? this.paneWidth - 2 : stems[i + 1].x - gap;
        const op = run.transfers[st.k];
        const times = RL.sig(op[2], 4) + " → " + RL.sig(op[3], 4);
        const room = Math.min(hi - lo, maxW);
        const timesW = RL.textWidth(times, em) + 8;
        if (timesW > room) {
          continue;
        }
        let value = run.values[st.k];
        while (value.length > 1 && RL.textWidth(value, em) + 8 > room) {
          value = value.slice(0, -2) + "…";
        }
        const w = Math.max(timesW, RL.textWidth(value, em) + 8);
        let left = Math.max(st.x - w / 2, lo);
        if (left + w > hi) {
          left = hi - w;
        }
        if (left < lo || left > st.x - 4 || left + w < st.x + 4) {
          continue;
        }
        lastRight = left + w;
        const top = st.y - this.radius - 3 - this.labelBoxH;
        RL.svg("rect", { class: "rl-edge-label-box", x: left, y: top, width: w, height: this.labelBoxH, rx: 3 }, g);
        const v = RL.svg("text", { class: "rl-label", x: left + w / 2, y: top + 2 + fh * 0.8, "text-anchor": "middle", "font-size": em }, g);
        v.textContent = value;
        const tt = RL.svg("text", { class: "rl-label-muted", x: left + w / 2, y: top + 2 + fh * 1.8, "text-anchor": "middle", "font-size": em }, g);
        tt.textContent = times;
      }
    }

    showSelection() {
      if (!this.nodes) {
        return;
      }
      const k = selectedTransfer(this.r);
      this.rings.forEach((ring, i) => {
        if (k < 0) {
          ring.style.display = "none";
          return;
        }
        const p = this.run.transfers[k][i];
        ring.style.display = "";
        ring.setAttribute("cx", this.pts[p][0]);
        ring.setAttribute("cy", this.pts[p][1]);
      });
      this.update(state.t, true);
    }
  }

  // --- The legend (the explorer's legend strip) and its marks

  /** The marks of the tree's node states: a node drawn as the tree draws that state. */
  const NODE_MARKS = new Map([["holding", HOLDING], ["receiving", RECEIVING], ["reducing", REDUCING], ["sent", SENT], ["complete", COMPLETE]]);

  function glyph(mark, w, h) {
    const c = RL.colours().view;
    const g = RL.svg("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, "aria-hidden": "true" });
    const cy = h / 2;
    const arrow = (colour, width, reception) => {
      RL.svg("rect", { x: 1, y: h * 0.73, width: w - 2, height: h * 0.24, fill: reception }, g);
      RL.svg("line", { x1: 1, y1: h * 0.15, x2: w - 1, y2: h * 0.85, stroke: colour, "stroke-width": width }, g);
    };
    const node = (look) => RL.svg("circle", { cx: w / 2, cy: cy, r: Math.min(h * 0.35, RL.px(6)), fill: look.fill, stroke: look.stroke, "stroke-width": look.width }, g);
    const idle = () => RL.svg("rect", { x: 0, y: h * 0.1, width: w, height: h * 0.8, fill: c.idle }, g);
    const edge = (colour, width, dash) => RL.svg("line", { x1: 0, y1: cy, x2: w, y2: cy, stroke: colour, "stroke-width": width, "stroke-dasharray": dash || "none" }, g);
    if (NODE_MARKS.has(mark)) {
      node(Tree.prototype.looks(RL.px(6))[NODE_MARKS.get(mark)]);
      return g;
    }
    switch (mark) {
      case "transfer":
        arrow(c.transfer, RL.px(1.3), c.receptionTransfer);
        break;
      case "critical":
        arrow(c.critical, RL.px(2.5), c.receptionCritical);
        break;
      case "selected":
        arrow(c.selection, RL.px(2.5), c.receptionSelection);
        break;
      case "reception":
        idle();
        RL.svg("rect", { x: 0, y: h * 0.38, width: w, height: h * 0.24, fill: c.receptionTransfer }, g);
        break;
      case "reduction":
        RL.svg("rect", { x: 1, y: h * 0.2, width: w - 2, height: h * 0.6, fill: c.reduction, stroke: RL.darker(c.reduction, 1.3), "stroke-width": RL.px(1) }, g);
        break;
      case "idle":
        idle();
        break;
      case "cursor":
        RL.svg("line", { x1: w / 2, y1: 0, x2: w / 2, y2: h, stroke: c.cursor, "stroke-width": RL.px(2) }, g);
        break;
      case "reference":
        RL.svg("line", { x1: w / 2, y1: 0, x2: w / 2, y2: h, stroke: c.selection, "stroke-width": RL.px(2), "stroke-dasharray": "4 3" }, g);
        break;
      case "inFlight":
        edge(c.transfer, RL.px(1.5), RL.px(6) + " " + RL.px(4.5));
        break;
      case "merged":
        edge(c.transfer, RL.px(1.5));
        break;
      case "criticalEdge":
        edge(c.critical, RL.px(2.5));
        break;
    }
    return g;
  }

  // The strip shows what the explorer's strip shows (and the bound when there is one); the
  // Legend box below explains every mark, as the Help pane does.
  const STRIP = ["transfer", "reduction", "critical", "reference", "inFlight", "merged", "holding", "sent", "complete"];

  function buildLegend() {
    const strip = document.getElementById("rl-legend");
    strip.textContent = "";
    const em = RL.fontPx();
    for (const entry of D.legend) {
      if (STRIP.indexOf(entry.mark) < 0) {
        continue;
      }
      const li = RL.el("li", null, strip);
      li.appendChild(glyph(entry.mark, Math.round(em * 2.2), Math.round(em * 1.3)));
      RL.el("span", null, li, entry.label);
      li.title = entry.meaning;
    }
    const terms = document.getElementById("rl-legend-terms");
    terms.textContent = "";
    for (const entry of D.legend) {
      const dt = RL.el("dt", null, terms);
      dt.appendChild(glyph(entry.mark, Math.round(em * 3.2), Math.round(em * 1.5)));
      RL.el("dd", null, terms, entry.meaning);
    }
  }

  // --- The transport bar (ExplorerPage::buildTransport)

  const ICONS = {
    start: "M3 2h2v12H3zM14 2v12L6 8z",
    back: "M12 2v12L4 8zM2 2h2v12H2z",
    play: "M4 2l10 6-10 6z",
    pause: "M4 2h3v12H4zM9 2h3v12H9z",
    forward: "M4 2v12l8-6zM12 2h2v12h-2z",
    end: "M2 2v12l8-6zM11 2h2v12h-2z",
  };
  const transport = {};

  function iconButton(parent, icon, title, action) {
    const b = RL.el("button", { type: "button", title: title, "aria-label": title }, parent);
    const size = Math.round(RL.fontPx() * 1.2);
    const s = RL.svg("svg", { width: size, height: size, viewBox: "0 0 16 16", "aria-hidden": "true" }, b);
    const path = RL.svg("path", { d: ICONS[icon], fill: "currentColor" }, s);
    b.addEventListener("click", () => {
      action();
    });
    b.icon = path;
    return b;
  }

  function buildTransport() {
    const bar = document.getElementById("rl-transport");
    bar.textContent = "";
    iconButton(bar, "start", "to the start (Home)", toStart);
    iconButton(bar, "back", "one event back (Left)", stepBack);
    transport.play = iconButton(bar, "play", "play / pause (Space)", togglePlay);
    transport.play.id = "rl-play";
    iconButton(bar, "forward", "one event forward (Right)", stepForward);
    iconButton(bar, "end", "to the end (End)", toEnd);
    const speedLabel = RL.el("label", { title: "animation speed ([ slower, ] faster); ×1 plays the whole run in 12 s" }, bar, "speed ");
    transport.speed = RL.el("select", { id: "rl-speed" }, speedLabel);
    SPEEDS.forEach((f, i) => RL.el("option", { value: String(i) }, transport.speed, "×" + f));
    transport.speed.value = String(state.speed);
    transport.speed.addEventListener("change", () => {
      state.speed = parseInt(transport.speed.value, 10);
    });
    transport.slider = RL.el("input", { type: "range", class: "rl-slider", min: "0", max: String(SCRUB_STEPS), step: "1", value: "0", "aria-label": "time" }, bar);
    transport.slider.addEventListener("input", () => {
      pause();
      seek((END * parseInt(transport.slider.value, 10)) / SCRUB_STEPS);
    });
    const clock = RL.el("span", { class: "rl-clock" }, bar);
    transport.time = RL.el("output", { id: "rl-time", "aria-live": "off" }, clock, "t = 0.00");
    transport.counter = RL.el("span", { class: "rl-counter", id: "rl-counter" }, clock);
    updatePlayButton();
  }

  function updatePlayButton() {
    if (transport.play) {
      transport.play.icon.setAttribute("d", state.playing ? ICONS.pause : ICONS.play);
      transport.play.setAttribute("aria-pressed", state.playing ? "true" : "false");
    }
  }

  // --- The narration: the program's sentences, one a line; a click goes to its event.

  const narrationItems = [];
  function buildNarration() {
    const list = document.getElementById("rl-narration");
    list.textContent = "";
    narrationItems.length = 0;
    D.narration.forEach((entry, i) => {
      const li = RL.el("li", { tabindex: "-1", "data-t": entry.t }, list, entry.text);
      if (entry.event !== undefined) {
        li.dataset.event = entry.event;
        lineOfEvent[entry.event] = i;
      }
      shownPast[i] = undefined;
      li.addEventListener("click", () => seekToEntry(i));
      narrationItems.push(li);
    });
  }

  function seekToEntry(i) {
    const entry = D.narration[i];
    if (entry.event === undefined) {
      pause();
      seek(entry.t);
      return;
    }
    seekToEvent(entry.event);
    // The line's operation, selected in its pane (ExplorerPage::seekToNarrationLine).
    const ev = EVENTS[entry.event];
    select(ev[1] < 2 ? { run: ev[3], transfer: ev[2] } : { run: ev[3], reduction: ev[2] });
  }

  let currentItem = null;
  /** The current line at the top of the list (scrolled within the list only, never the
      page): the next ones follow under it. */
  function scrollToCurrent() {
    if (currentItem) {
      const list = currentItem.parentElement;
      list.scrollTop = Math.max(0, currentItem.offsetTop - list.offsetTop);
    }
  }
  // The line of each event, and whether each line is shown as past (only the lines whose
  // state changes are touched: a page may hold thousands).
  const lineOfEvent = [];
  const shownPast = [];
  function updateNarration() {
    // The current line: the current event's; before the first event, none.
    const current = state.index >= 0 ? narrationItems[lineOfEvent[state.index]] : null;
    D.narration.forEach((entry, i) => {
      const past = entry.event !== undefined ? entry.event <= state.index : entry.t <= state.t;
      if (past !== shownPast[i]) {
        shownPast[i] = past;
        narrationItems[i].classList.toggle("rl-future", !past);
      }
    });
    if (current !== currentItem) {
      if (currentItem) {
        currentItem.classList.remove("rl-current");
        currentItem.removeAttribute("aria-current");
      }
      currentItem = current;
      if (current) {
        current.classList.add("rl-current");
        current.setAttribute("aria-current", "step");
        scrollToCurrent();
      }
    }
  }

  // --- Everything at the cursor

  function render() {
    for (const v of views) {
      v.gantt.update(state.t, false);
      v.tree.update(state.t, false);
    }
    // A quiz pauses just before its decision's time, which may be 0: shown as 0.
    transport.time.textContent = "t = " + RL.narrationTime(Math.max(0, state.t));
    transport.counter.textContent = " / " + RL.narrationTime(END) + " · event " + (state.index + 1) + " of " + EVENTS.length;
    if (document.activeElement !== transport.slider) {
      transport.slider.value = String(END > 0 ? Math.round((state.t / END) * SCRUB_STEPS) : 0);
    }
    updateNarration();
    for (const f of hooks.rendered) {
      f();
    }
  }

  // --- The page

  function buildRuns() {
    const main = document.getElementById("rl-runs");
    main.textContent = "";
    views.length = 0;
    RUNS.forEach((run, r) => {
      const section = RL.el("section", { class: "rl-run", "aria-label": run.name }, main);
      const h = RL.el("h2", { class: "rl-run-title" }, section, run.title);
      if (run.detail) {
        RL.el("span", { class: "rl-detail" }, h, "  (" + run.detail + ")");
      }
      const gPane = RL.el("div", { class: "rl-pane rl-gantt" }, section);
      const tPane = RL.el("div", { class: "rl-pane rl-tree" }, section);
      views.push({ section: section, gPane: gPane, tPane: tPane, gantt: new Gantt(run, r, gPane), tree: new Tree(run, r, tPane) });
    });
  }

  /** The panes' sizes for the window: side by side, the charts share the height left by the
      header, the transport bar and a few narration lines; stacked (a phone), each chart is
      about half a screen tall. Rows are as tall as their labels when that fits. */
  function layoutAll() {
    const em = RL.fontPx();
    const chrome = (D.bound ? 1.9 : 0.7) * em + 3.2 * em;
    const stacked = window.matchMedia("(max-width: 760px)").matches;
    const fixed = document.querySelector(".rl-head").offsetHeight + document.getElementById("rl-legend").offsetHeight +
      document.getElementById("rl-dock").offsetHeight;
    const titles = em * 1.7;
    let share = stacked ? 0.5 * window.innerHeight : (window.innerHeight - fixed) / RUNS.length - titles - 8;
    share = Math.max(share, chrome + 8 * em);
    for (const v of views) {
      const n = v.gantt.run.n;
      const base = share - chrome;
      // Rows as tall as their labels where that takes at most 60 % of the window (the page
      // then scrolls, the transport bar staying at the bottom); beyond, the rows share what
      // there is and their labels thin out as in the application.
      const need = (n + 0.2) * em * 1.15;
      const plotH = Math.max(base, Math.min(need, Math.max(1.6 * base, 0.6 * window.innerHeight)));
      const gh = Math.round(plotH + chrome);
      const gw = v.gPane.clientWidth;
      v.gantt.layout(gw, gh);
      const tw = v.tPane.clientWidth;
      const th = stacked ? Math.round(Math.max(em * 14, Math.min(0.5 * window.innerHeight, tw * 0.8))) : gh;
      v.tree.layout(tw, th);
    }
    render();
    scrollToCurrent(); // the lines' heights may have changed
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) {
      return;
    }
    const tag = e.target && e.target.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && e.target.type !== "range" && e.target.type !== "checkbox")) {
      return;
    }
    const actions = {
      " ": togglePlay,
      ArrowRight: stepForward,
      ArrowLeft: stepBack,
      Home: toStart,
      End: toEnd,
      "]": faster,
      "[": slower,
    };
    const action = actions[e.key];
    if (action) {
      e.preventDefault();
      if (e.type === "keydown") {
        action();
      }
    }
  }

  function fromFragment() {
    RL.styleFromFragment();
    const f = RL.fragment();
    if (f.t !== undefined) {
      const t = parseFloat(f.t);
      if (isFinite(t)) {
        pause();
        seek(t);
      }
    }
  }

  function start() {
    document.title = D.title;
    document.getElementById("rl-title").textContent = D.title;
    // One line: the values, named where a value alone would not say what it is.
    document.getElementById("rl-subtitle").textContent = D.scenario.lines
      .map((l) => (l[0] === "seed" || l[0] === "replicate" ? l[0] + " " + l[1] : l[1]))
      .join(" · ");
    RL.fillTerms(document.getElementById("rl-scenario"), D.scenario.lines, false);
    RL.fillTerms(document.getElementById("rl-glossary"), D.glossary.map((g) => [g.term, g.meaning]), true);
    RL.fillTerms(document.getElementById("rl-keys"), [
      ["Space", "play / pause"],
      ["← →", "one event back, one event forward"],
      ["Home, End", "to the start, to the end"],
      ["[ ]", "slower, faster"],
      ["mouse, touch", "hovering (or tapping) an operation tells what it is; clicking a transfer selects it in the chart and the tree; clicking the time axis or moving the slider goes to that time; clicking a narration line goes to its event"],
      ["#t=3.5", "at the end of the page's address: opens it paused at that time (also #style=dark, #size=presentation)"],
    ], false);
    RL.fillFooter(document.getElementById("rl-foot"));
    document.getElementById("rl-save-scenario").addEventListener("click", () => {
      RL.saveFile("reducelab-scenario.json", D.scenario.file, "application/json");
    });
    RL.buildStyleControls(document.getElementById("rl-view-controls"));
    buildTransport();
    buildNarration();
    buildRuns();
    RL.onStyle(() => {
      buildLegend();
      buildTransport();
      layoutAll();
    });
    fromFragment();
    RL.applyStyle(); // builds the legend and lays the panes out
    const f = RL.fragment();
    if (f.t === undefined) {
      setState(0, lastEventAtOrBefore(0));
    }
    window.addEventListener("resize", () => {
      clearTimeout(layoutAll.timer);
      layoutAll.timer = setTimeout(layoutAll, 60);
    });
    window.addEventListener("hashchange", () => {
      fromFragment();
      RL.applyStyle();
    });
    document.addEventListener("keydown", onKey);
    document.addEventListener("keyup", onKey);
    // What web/classroom.js needs of the player.
    RL.player = {
      state: state,
      views: views,
      hooks: hooks,
      setState: setState,
      pause: pause,
      play: play,
      lastEventAtOrBefore: lastEventAtOrBefore,
    };
    document.body.dataset.ready = "true";
  }

  start();
})();
