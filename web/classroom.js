// ReduceLab's run page for a class: following one processor, "predict, then reveal", and a
// link that holds the page's whole state. Runs after web/player.js, through RL.player.
//
// - Highlight: a click on a row label of a Gantt chart or on a tree's node follows that
//   processor in every chart (its row, its node); a second click or Esc clears it.
// - Quiz (Q, or the "quiz" box): the questions are the program's (D.quiz, from
//   core/studies/quiz.h: the schedules and their narration), never derived here. Each pauses
//   the animation just before its decision; a click on a processor (row label or node) or an
//   algorithm (its button, or keys 1-4) answers ("who sends next, and to whom?": the sender,
//   then its receiver); the reveal says the answer and the
//   narration's reason; Page Down (a presenter's remote), Enter or the Next button plays on to
//   the next question.
// - The link: the fragment holds t (the time, exact), p (the processor followed), quiz=1,
//   style and size; it is read on load and rewritten whenever the state changes while paused.
//
// Test hooks: #rl-quiz (hidden when off; data-question: the index in D.quiz asked, -1 none) with #rl-quiz-prompt, #rl-quiz-choices (buttons of
// the algorithms), #rl-quiz-result (data-right "true" or "false"), #rl-quiz-reveal,
// #rl-quiz-score ("score 1 of 2"), #rl-quiz-next; #rl-quiz-toggle; body[data-highlight].
(function () {
  const D = RL.data;
  const P = RL.player;
  const QUESTIONS = D.quiz || [];

  const quiz = {
    on: false,
    answered: new Map(), // question index -> the answer given was right
    current: -1, // the question asked (paused at its time), -1 none
    revealed: false,
    sender: -1, // "who sends next, and to whom?": the sender clicked, waiting for the receiver
  };
  let highlighted = -1;

  // --- Which processor or run a click names

  function runOfTarget(target) {
    const section = target.closest ? target.closest(".rl-run") : null;
    if (!section) {
      return -1;
    }
    return Array.prototype.indexOf.call(document.querySelectorAll("#rl-runs .rl-run"), section);
  }
  function processorOfTarget(target) {
    if (!target || !target.dataset) {
      return -1;
    }
    const v = target.dataset.row !== undefined ? target.dataset.row : target.dataset.node;
    return v === undefined ? -1 : parseInt(v, 10);
  }

  // --- Following one processor

  function drawHighlight() {
    document.body.dataset.highlight = String(highlighted);
    for (const v of P.views) {
      for (const e of v.section.querySelectorAll(".rl-hl")) {
        e.classList.remove("rl-hl");
      }
      for (const e of v.section.querySelectorAll(".rl-hl-band, .rl-hl-ring")) {
        e.remove();
      }
      if (highlighted < 0 || highlighted >= v.gantt.run.n) {
        continue;
      }
      const g = v.gantt;
      if (g.plotW) {
        const y0 = g.y(highlighted - 0.5);
        const band = RL.svg("rect", { class: "rl-hl-band", x: g.left, y: y0, width: g.plotW, height: g.y(highlighted + 0.5) - y0 });
        g.svg.insertBefore(band, g.svg.firstChild);
      }
      for (const e of v.section.querySelectorAll('[data-row="' + highlighted + '"], [data-node="' + highlighted + '"]')) {
        e.classList.add("rl-hl");
      }
      const node = v.tree.nodes && v.tree.nodes[highlighted];
      if (node) {
        const c = node.circle;
        const ring = RL.svg("circle", {
          class: "rl-hl-ring", cx: c.getAttribute("cx"), cy: c.getAttribute("cy"),
          r: parseFloat(c.getAttribute("r")) + RL.px(4), "stroke-width": RL.px(2.5),
        });
        c.parentNode.insertBefore(ring, c);
      }
    }
  }
  function highlight(p) {
    highlighted = p;
    drawHighlight();
    writeFragment();
  }

  // --- Predict, then reveal

  const box = RL.el("section", { class: "rl-quiz", id: "rl-quiz", "aria-label": "Quiz", "aria-live": "polite" });
  document.getElementById("rl-dock").insertBefore(box, document.getElementById("rl-transport"));
  box.hidden = true;
  const head = RL.el("div", { class: "rl-quiz-head" }, box);
  const prompt = RL.el("strong", { id: "rl-quiz-prompt" }, head);
  const score = RL.el("span", { class: "rl-quiz-score", id: "rl-quiz-score" }, head);
  const choices = RL.el("div", { class: "rl-quiz-choices", id: "rl-quiz-choices" }, box);
  const result = RL.el("p", { class: "rl-quiz-result", id: "rl-quiz-result" }, box);
  const reveal = RL.el("p", { class: "rl-quiz-reveal", id: "rl-quiz-reveal" }, box);
  const next = RL.el("button", { type: "button", id: "rl-quiz-next", title: "play on to the next question (Page Down)" }, box, "Next question");
  next.addEventListener("click", () => goOn());

  function rightCount() {
    let n = 0;
    for (const right of quiz.answered.values()) {
      n += right ? 1 : 0;
    }
    return n;
  }
  /** The first question not answered yet at or after time t (the page's order), or -1. */
  function nextQuestion(t) {
    for (let i = 0; i < QUESTIONS.length; ++i) {
      if (!quiz.answered.has(i) && QUESTIONS[i].at >= t) {
        return i;
      }
    }
    return -1;
  }
  function names(list) {
    return list.map((a) => "P" + a).join(" or ");
  }

  function showQuiz() {
    box.hidden = !quiz.on;
    box.dataset.question = String(quiz.current);
    toggle.checked = quiz.on;
    document.documentElement.dataset.quiz = quiz.on ? "on" : "off";
    score.textContent = "score " + rightCount() + " of " + quiz.answered.size;
    choices.textContent = "";
    const q = quiz.current >= 0 ? QUESTIONS[quiz.current] : null;
    if (!q) {
      prompt.textContent = QUESTIONS.length === 0 ? "No question: nothing is sent in this run." :
        nextQuestion(P.state.t) < 0 ? "No question left: well done." : "Play on (Page Down) to the next question.";
      result.textContent = "";
      result.removeAttribute("data-right");
      reveal.textContent = "";
      next.hidden = nextQuestion(P.state.t) < 0;
      return;
    }
    prompt.textContent = q.prompt;
    if (q.kind === "winner") {
      D.runs.forEach((run, r) => {
        const b = RL.el("button", { type: "button", "data-run": r, title: "key " + (r + 1) }, choices, (r + 1) + " " + run.name);
        b.addEventListener("click", () => answer(r));
        if (quiz.revealed && q.answers.includes(r)) {
          b.classList.add("rl-quiz-right");
        }
      });
    } else if (!quiz.revealed) {
      const what = q.kind !== "sender" ? "click a processor" : quiz.sender < 0 ? "click the sender" :
        "P" + quiz.sender + " sends to …: click its receiver";
      RL.el("span", { class: "rl-sub", id: "rl-quiz-hint" }, choices, what + " (its row label or tree node)" +
        (D.runs.length > 1 ? " of " + D.runs[q.run].name : ""));
    }
    next.hidden = !quiz.revealed;
    if (!quiz.revealed) {
      result.textContent = "";
      result.removeAttribute("data-right");
      reveal.textContent = "";
    }
  }

  function ask(i) {
    quiz.current = i;
    quiz.revealed = false;
    quiz.sender = -1;
    const q = QUESTIONS[i];
    if (P.state.t !== q.at) {
      P.pause();
      P.setState(q.at, P.lastEventAtOrBefore(q.at));
    }
    showQuiz();
  }

  /** `choice`: a processor, or a run for "winner". */
  function answer(choice, run) {
    const q = QUESTIONS[quiz.current];
    if (!q || quiz.revealed || (q.kind !== "winner" && run !== undefined && run !== q.run)) {
      return false;
    }
    if (q.kind === "sender" && quiz.sender < 0) {
      quiz.sender = choice; // and to whom: the next click
      showQuiz();
      return true;
    }
    const sent = q.kind === "sender" ? q.answers.indexOf(quiz.sender) : -1;
    const right = q.kind === "sender" ? sent >= 0 && q.receivers[sent] === choice : q.answers.includes(choice);
    quiz.answered.set(quiz.current, right);
    quiz.revealed = true;
    showQuiz();
    const picked = q.kind === "winner" ? D.runs[choice].name : q.kind === "sender" ? "P" + quiz.sender + " → P" + choice : "P" + choice;
    const answers = q.kind === "winner" ? q.answers.map((r) => D.runs[r].name).join(" or ") :
      q.kind === "sender" ? q.answers.map((a, k) => "P" + a + " → P" + q.receivers[k]).join(" or ") : names(q.answers);
    result.textContent = (right ? "Right: " : "Not quite: you chose ") + (right ? picked : picked + "; the answer is " + answers);
    result.dataset.right = right ? "true" : "false";
    reveal.textContent = q.reveal;
    score.textContent = "score " + rightCount() + " of " + quiz.answered.size;
    return true;
  }

  /** After a reveal: the next question at this very moment, or play on to the next one. */
  function goOn() {
    if (!quiz.on || (quiz.current >= 0 && !quiz.revealed)) {
      return; // a question waits for its answer
    }
    quiz.current = -1;
    quiz.revealed = false;
    const i = nextQuestion(P.state.t);
    if (i >= 0 && QUESTIONS[i].at === P.state.t) {
      ask(i);
    } else {
      showQuiz();
      P.play();
    }
  }

  /** Quiz on: the question at this moment, or the first one at the start; else it waits for
      the animation to reach the next. */
  function applyQuiz(on) {
    quiz.on = on;
    quiz.current = -1;
    quiz.revealed = false;
    if (on) {
      const i = P.state.t <= 0 ? nextQuestion(-Infinity) : nextQuestion(P.state.t);
      if (i >= 0 && (P.state.t <= 0 || QUESTIONS[i].at === P.state.t)) {
        ask(i);
      }
    }
    showQuiz();
  }
  function setQuiz(on) {
    applyQuiz(on);
    writeFragment();
    window.dispatchEvent(new Event("resize")); // the charts share the height the box leaves
  }

  // Playing stops before the next question not answered; an open question holds the animation.
  P.hooks.stopAt = () => {
    if (!quiz.on) {
      return Infinity;
    }
    if (quiz.current >= 0 && !quiz.revealed) {
      return QUESTIONS[quiz.current].at;
    }
    const i = nextQuestion(P.state.t);
    return i >= 0 ? QUESTIONS[i].at : Infinity;
  };

  const toggleLabel = RL.el("label", { title: "predict, then reveal (Q)" }, document.getElementById("rl-view-controls"));
  const toggle = RL.el("input", { type: "checkbox", id: "rl-quiz-toggle" }, toggleLabel);
  toggleLabel.appendChild(document.createTextNode(" quiz"));
  toggle.addEventListener("change", () => setQuiz(toggle.checked));

  // Clicks on processors: the quiz's answer while a question is open, else the highlight.
  document.getElementById("rl-runs").addEventListener("click", (e) => {
    const p = processorOfTarget(e.target);
    if (p < 0) {
      return;
    }
    if (quiz.on && quiz.current >= 0 && !quiz.revealed && QUESTIONS[quiz.current].kind !== "winner") {
      answer(p, runOfTarget(e.target));
      return;
    }
    highlight(highlighted === p ? -1 : p);
  });

  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.target && (e.target.tagName === "INPUT" && e.target.type === "text"))) {
      return;
    }
    const q = quiz.current >= 0 ? QUESTIONS[quiz.current] : null;
    if (e.key === "q" || e.key === "Q") {
      setQuiz(!quiz.on);
    } else if (e.key === "Escape" && highlighted >= 0) {
      highlight(-1);
    } else if (quiz.on && (e.key === "PageDown" || (e.key === "Enter" && e.target === document.body))) {
      goOn();
    } else if (quiz.on && q && q.kind === "winner" && /^[1-4]$/.test(e.key) && parseInt(e.key, 10) <= D.runs.length) {
      answer(parseInt(e.key, 10) - 1);
    } else {
      return;
    }
    e.preventDefault();
  });

  // --- The link: the fragment holds the state

  function writeFragment() {
    if (P.state.playing) {
      return; // written when the animation stops: no history flood while it plays
    }
    const parts = ["t=" + String(P.state.t)];
    if (highlighted >= 0) {
      parts.push("p=" + highlighted);
    }
    if (quiz.on) {
      parts.push("quiz=1");
    }
    const root = document.documentElement;
    if (RL.styleMode() !== "auto") {
      parts.push("style=" + RL.styleMode());
    }
    if (root.dataset.size === "presentation") {
      parts.push("size=presentation");
    }
    const hash = "#" + parts.join("&");
    if (location.hash !== hash) {
      history.replaceState(null, "", hash);
    }
  }

  function readFragment() {
    const f = RL.fragment();
    const p = f.p !== undefined ? parseInt(f.p, 10) : -1;
    highlighted = isFinite(p) && p >= 0 && D.runs.some((run) => p < run.n) ? p : -1;
    const on = f.quiz === "1";
    if (on !== quiz.on) {
      applyQuiz(on);
    }
    showQuiz();
    drawHighlight();
  }

  let lastT = P.state.t;
  let lastPlaying = false;
  /** Whether the highlight must be drawn again: the charts were laid out anew. */
  function highlightLost() {
    return highlighted >= 0 && P.views.some((v) => highlighted < v.gantt.run.n && v.gantt.plotW && !v.section.querySelector(".rl-hl-band"));
  }
  P.hooks.rendered.push(() => {
    if (highlightLost()) {
      drawHighlight();
    }
    // Playing stopped before a question: ask it.
    if (quiz.on && quiz.current < 0 && !P.state.playing) {
      const i = nextQuestion(P.state.t);
      if (i >= 0 && QUESTIONS[i].at === P.state.t) {
        ask(i);
      }
    }
    if (!P.state.playing && (P.state.t !== lastT || lastPlaying)) {
      writeFragment();
    }
    lastT = P.state.t;
    lastPlaying = P.state.playing;
  });
  RL.onStyle(() => {
    drawHighlight();
    writeFragment();
  });
  // The keys box tells this file's keys too.
  const keys = document.getElementById("rl-keys");
  for (const [term, meaning] of [
    ["Q", "quiz on / off: predict, then reveal"],
    ["Page Down, Enter", "the next question, after a reveal"],
    ["1–4", "answer \u201cwhich algorithm finishes first?\u201d"],
    ["click a row label or a node", "follow that processor in every chart (again, or Esc: stop); in the quiz, answer"],
    ["#p=3&quiz=1", "in the address: follow processor 3, open with the quiz on; the address always holds the page's state"],
  ]) {
    RL.el("dt", null, keys, term);
    RL.el("dd", null, keys, meaning);
  }
  window.addEventListener("hashchange", readFragment);
  readFragment();
  writeFragment();
})();
