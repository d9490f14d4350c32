"use strict";
// The replay's keys and autoplay. Without this script every control is a link to its step.
(function () {
  const replay = document.querySelector(".replay");
  if (!replay) return;
  const steps = Number(replay.dataset.steps);
  const PACE = 1500;
  let timer = null;

  function current() {
    const match = /^#step-(\d+)$/.exec(location.hash);
    const number = match ? Number(match[1]) : 1;
    return Math.min(Math.max(number, 1), steps);
  }

  function go(number) {
    location.replace("#step-" + Math.min(Math.max(number, 1), steps));
  }

  function follow(selector) {
    const step = document.getElementById("step-" + current());
    const link = step && step.querySelector(selector);
    if (link) go(Number(link.getAttribute("href").slice("#step-".length)));
  }

  function setPlaying(playing) {
    if (playing && current() >= steps) go(1);
    clearInterval(timer);
    timer = playing
      ? setInterval(function () {
          if (current() >= steps) setPlaying(false);
          else go(current() + 1);
        }, PACE)
      : null;
    for (const button of replay.querySelectorAll("button.play")) {
      button.textContent = (playing ? "⏸️ " : "▶️ ") + (playing ? replay.dataset.pause : replay.dataset.play);
      button.setAttribute("aria-pressed", String(playing));
      button.setAttribute("aria-label", playing ? replay.dataset.pause : replay.dataset.play);
      button.title = button.getAttribute("aria-label");
    }
  }

  for (const controls of replay.querySelectorAll(".controls")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "play";
    button.addEventListener("click", function () {
      setPlaying(timer === null);
    });
    controls.appendChild(button);
  }
  setPlaying(false);

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = {
      ArrowRight: function () { go(current() + 1); },
      ArrowLeft: function () { go(current() - 1); },
      PageDown: function () { follow(".round-forward"); },
      PageUp: function () { follow(".round-back"); },
      Home: function () { go(1); },
      End: function () { go(steps); },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    setPlaying(false);
    action();
  });
})();
