#!/usr/bin/python3
"""The run page for a class (web/classroom.js) in headless Chromium, as test_web_pages.py
drives it (the same Browser):
  - predict, then reveal: Q starts the quiz at the program's first question (the page's
    RL.data.quiz, from core/studies/quiz.h); a wrong answer (an algorithm's key) and right ones
    (a row label, a tree node) are told, the reveal is the program's text, the score counts;
    Page Down plays on to the next question and the animation stops just before its decision;
  - the link: the fragment holds the time (exactly), the processor followed, quiz=1 and the
    style, rewritten as they change and restored by opening the link;
  - following a processor: a click on a row label highlights it in every chart, Esc clears it.

Usage: test_web_classroom.py REDUCELAB_CLI [--shots DIR]
"""
import argparse
import os
import shutil
import sys
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_web_pages import Browser, check, loads_cleanly, press, report, run_cli  # noqa: E402


def quiz_text(b, part):
    return b.js(f"return document.getElementById('rl-quiz-{part}').textContent")


def wait_for(b, script, seconds=15):
    for _ in range(int(seconds / 0.05)):
        if b.js(script):
            return True
        time.sleep(0.05)
    return False


def click_processor(b, run, p, node):
    """Clicks processor p of run `run`: its tree node, or its Gantt row label."""
    selector = f'circle[data-node="{p}"]' if node else f'.rl-row-label[data-row="{p}"]'
    # Found and clicked in one script: a layout in between would replace the element.
    b.js(f"""document.querySelectorAll('#rl-runs .rl-run')[{run}].querySelector('{selector}')
               .dispatchEvent(new MouseEvent('click', {{bubbles: true}}))""")


def quiz_checks(b, page, shots):
    b.size(1280, 720)
    loads_cleanly(b, page, "quiz page")
    quiz = b.js("return RL.data.quiz")
    runs = b.js("return RL.data.runs.map(r => ({name: r.name, root: r.root, n: r.n}))")
    check(len(quiz) > 4 and quiz[0]["kind"] == "winner" and quiz[1]["kind"] == "root",
          "the page holds the program's questions: the winner, the roots, then the sends")
    check(b.js("return document.getElementById('rl-quiz').hidden") is True, "the quiz is off at first")
    check("quiz on / off" in b.js("return document.getElementById('rl-keys').textContent"),
          "the keys box tells the quiz's keys")

    press(b, "q")
    check(b.js("return !document.getElementById('rl-quiz').hidden"), "Q shows the quiz")
    check(quiz_text(b, "prompt") == quiz[0]["prompt"], f"the first question is asked: {quiz_text(b, 'prompt')}")
    check(b.js("return RL.player.state.t") == quiz[0]["at"] and b.driver.find_element(By.ID, "rl-time").text == "t = 0.00",
          "... the animation paused before the first event, shown as t = 0.00")
    check(b.js("return document.querySelectorAll('#rl-quiz-choices button').length") == len(runs),
          "... one button per algorithm")
    # A wrong answer, by the projector's key of an algorithm that does not finish first.
    wrong = next(r for r in range(len(runs)) if r not in quiz[0]["answers"])
    press(b, str(wrong + 1))
    check(b.js("return document.getElementById('rl-quiz-result').dataset.right") == "false",
          "a wrong answer is told wrong")
    check(quiz_text(b, "result").startswith("Not quite: you chose " + runs[wrong]["name"]),
          f"... naming the choice and the answer: {quiz_text(b, 'result')}")
    check(quiz_text(b, "reveal") == quiz[0]["reveal"], "... and the reveal is the program's text")
    check(quiz_text(b, "score") == "score 0 of 1", f"... the score counts it: {quiz_text(b, 'score')}")
    if shots:
        b.screenshot().save(os.path.join(shots, "quiz-1280x720-reveal.png"))

    # Page Down: the next question at the same moment, answered right on a row label.
    press(b, Keys.PAGE_DOWN)
    check(quiz_text(b, "prompt") == quiz[1]["prompt"], "Page Down asks the next question")
    press(b, Keys.PAGE_DOWN)
    check(b.js("return document.getElementById('rl-quiz').dataset.question") == "1" and
          not b.js("return RL.player.state.playing"), "... which waits for its answer: Page Down again skips nothing")
    click_processor(b, quiz[1]["run"], quiz[1]["answers"][0], node=False)
    check(b.js("return document.getElementById('rl-quiz-result').dataset.right") == "true",
          "a right answer (a click on the root's row label) is told right")
    check(quiz_text(b, "score") == "score 1 of 2", f"... the score counts it: {quiz_text(b, 'score')}")
    press(b, Keys.PAGE_DOWN)
    check(quiz_text(b, "prompt") == quiz[2]["prompt"], "the second run's root is asked")
    click_processor(b, quiz[2]["run"], quiz[2]["answers"][0], node=True)
    check(quiz_text(b, "score") == "score 2 of 3", f"a click on the tree's node answers: {quiz_text(b, 'score')}")

    # Who sends next, at the start: a wrong answer.
    press(b, Keys.PAGE_DOWN)
    q = quiz[3]
    check(quiz_text(b, "prompt") == q["prompt"], "the first send is asked")
    wrong_p = next(p for p in range(runs[q["run"]]["n"]) if p not in q["answers"])
    click_processor(b, q["run"], wrong_p, node=False)
    check(b.js("return !document.getElementById('rl-quiz-result').dataset.right") and
          quiz_text(b, "choices").startswith(f"P{wrong_p} sends to …: click its receiver"),
          f"the first click names the sender and asks for the receiver: {quiz_text(b, 'choices')}")
    click_processor(b, q["run"], q["receivers"][0], node=False)
    check(b.js("return document.getElementById('rl-quiz-result').dataset.right") == "false" and
          quiz_text(b, "reveal") == q["reveal"] and quiz_text(b, "score") == "score 2 of 4",
          f"a wrong sender is told, with the narration's reason: {quiz_text(b, 'reveal')!r}")

    # The next question later on: the animation plays and stops just before its decision.
    index = "+document.getElementById('rl-quiz').dataset.question"
    asked = "return " + index
    k = next(i for i in range(4, len(quiz)) if quiz[i]["at"] > 0)
    q = quiz[k]
    while b.js(asked) < k:
        i = b.js(asked)
        if i >= 0 and b.js("return !document.getElementById('rl-quiz-result').dataset.right"):
            click_processor(b, quiz[i]["run"], quiz[i]["answers"][0], node=False)
            if quiz[i]["kind"] == "sender":
                click_processor(b, quiz[i]["run"], quiz[i]["receivers"][0], node=False)
        press(b, Keys.PAGE_DOWN)
        check(wait_for(b, f"return {index} > {i} && !RL.player.state.playing"), f"Page Down goes on after question {i}")
    # The link taken now, with no click made yet: it asks this question again.
    hash_ = b.js("return location.hash")
    check(b.js(asked) == k and quiz_text(b, "prompt") == q["prompt"] and b.js("return RL.player.state.t") == q["at"],
          "Page Down plays on and stops just before the next decision, which it asks")
    check(b.js("""const future = [...document.querySelectorAll('#rl-narration li.rl-future')];
                   return future.length > 0 && future.every(li => getComputedStyle(li).visibility === 'hidden');"""),
          "... the narration's next lines hidden (they would tell the answer)")
    started = b.js(f"""const run = RL.data.runs[{q['run']}];
                        return run.transfers.filter(t => t[2] <= RL.player.state.t).length;""")
    asked = b.js(f"""const run = RL.data.runs[{q['run']}];
                      return run.transfers.filter(t => t[2] > RL.player.state.t && q_from(t)).length;
                      function q_from(t) {{ return {q['answers']!r}.includes(t[0]); }}""")
    check(started < len(b.js(f"return RL.data.runs[{q['run']}].transfers")) and asked > 0,
          "... with the transfers asked about not yet drawn")
    click_processor(b, q["run"], q["answers"][0], node=True)
    click_processor(b, q["run"], q["receivers"][0], node=True)
    check(b.js("return document.getElementById('rl-quiz-result').dataset.right") == "true" and
          quiz_text(b, "reveal") == q["reveal"] and quiz_text(b, "score") == f"score {k - 1} of {k + 1}",
          f"a right sender is told, with the narration's reason: {quiz_text(b, 'reveal')!r}")

    # The link: the state in the fragment, exact, and back when opened.
    check(hash_.split("&")[0] == b.js("return '#t=' + String(RL.player.state.t)"),
          f"the fragment holds the exact time: {hash_}")
    check("quiz=1" in hash_, f"... and quiz=1: {hash_}")
    link = hash_.lstrip("#") + "&p=2&style=dark"
    b.open(page, link)
    check(b.js("return RL.player.state.t") == q["at"], "the link opens at the same time, to the bit")
    check(quiz_text(b, "prompt") == q["prompt"] and not b.js("return document.getElementById('rl-quiz').hidden"),
          "... with the quiz on, asking the same question")
    check(b.js("return document.documentElement.dataset.style") == "dark", "... dark")
    check(b.js("return document.body.dataset.highlight") == "2" and
          b.js("return document.querySelectorAll('.rl-hl-band').length") == len(runs) and
          b.js("return document.querySelectorAll('.rl-hl-ring').length") == len(runs),
          "... and processor 2 followed in every chart and tree")
    check(set(b.js("return location.hash").lstrip("#").split("&")) == set(link.split("&")),
          f"... and its fragment is the link's: {b.js('return location.hash')}")
    if shots:
        b.screenshot().save(os.path.join(shots, "quiz-1280x720-dark-question.png"))
        b.size(390, 844)
        time.sleep(0.3)
        b.screenshot().save(os.path.join(shots, "quiz-390x844-dark-question.png"))
        b.size(1920, 1080)
        time.sleep(0.3)
        b.screenshot().save(os.path.join(shots, "quiz-1920x1080-dark-question.png"))
        b.size(1280, 720)

    # Quiz off: a click on a row label follows that processor; Esc lets it go.
    press(b, "q")
    check(b.js("return document.getElementById('rl-quiz').hidden") and "quiz=1" not in b.js("return location.hash"),
          "Q ends the quiz, and the fragment says so")
    click_processor(b, 0, 5, node=False)
    check(b.js("return document.body.dataset.highlight") == "5" and "p=5" in b.js("return location.hash"),
          "a click on a row label follows that processor, in the fragment too")
    check(b.js("return [...document.querySelectorAll('.rl-row-label.rl-hl')].every(e => e.dataset.row === '5')") and
          b.js("return document.querySelectorAll('.rl-row-label.rl-hl').length") == len(runs),
          "... its row label marked in every chart")
    press(b, Keys.ESCAPE)
    check(b.js("return document.body.dataset.highlight") == "-1" and "p=" not in b.js("return location.hash"),
          "Esc lets it go")
    errors = b.errors()
    check(not errors, f"no console error or warning throughout {[e['message'] for e in errors]}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cli")
    parser.add_argument("--shots")
    args = parser.parse_args()
    shots = os.path.abspath(args.shots) if args.shots else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="rl-web-classroom-")
    try:
        page = os.path.join(work, "two.html")
        # Seed 3: the two algorithms do not tie, so a wrong answer exists.
        run_cli(args.cli, "run", "--algo", "binomial,tree-dyn", "--n", "8", "--seed", "3", "--html", page)
        b = Browser(work)
        try:
            quiz_checks(b, page, shots)
        finally:
            b.quit()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report()


if __name__ == "__main__":
    sys.exit(main())
