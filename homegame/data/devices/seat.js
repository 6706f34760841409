// The seat's page: draws what the table sends this seat and sends back its answers.
// Everything comes over one WebSocket; nothing is fetched from anywhere else.
"use strict";
(function () {
  const token = location.pathname.split("/")[2] || "";
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const address = scheme + "//" + location.host + "/seat/" + token + "/ws";
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let state = null;
  let retry = 500;
  let stopped = false;
  let sentFor = null;      // the question answered: no second answer to it
  let buzzedFor = null;    // the question "your turn" was already buzzed for
  let picked = new Set();  // KRG: cards tapped to throw away
  let armed = false;       // all-in: a second tap confirms
  let amountOpen = false;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  const chips = (n) => Number(n).toLocaleString("en-US");
  const isRed = (card) => card && (card.endsWith("♥") || card.endsWith("♦"));

  function cardNode(card) {
    if (card === null || card === undefined) return el("div", "card empty");
    return el("div", "card" + (isRed(card) ? " red" : ""), card);
  }

  function banner(text) {
    const b = $("banner");
    b.textContent = text || "";
    b.classList.toggle("hidden", !text);
  }

  // The seat is played at the table: nothing of it stays on this page until it moves back.
  function moved(away) {
    if (away) {
      state = null; sentFor = null; picked = new Set(); armed = false; amountOpen = false;
      ["who", "where", "mine", "made", "board", "note", "actions", "seats", "series", "log"]
        .forEach((id) => $(id).replaceChildren());
      ["pot", "stack", "toact"].forEach((id) => { $(id).textContent = "–"; });
    } else if (document.body.classList.contains("moved")) {
      banner("");
    }
    document.body.classList.toggle("moved", away);
  }

  function connect() {
    if (stopped) return;
    socket = new WebSocket(address);
    socket.onopen = () => { retry = 500; banner(""); };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") { moved(false); state = message; draw(); }
      else if (message.type === "moved") { moved(true); banner(message.why); }
      else if (message.type === "refused") { $("note").textContent = message.why; sentFor = null; draw(); }
      else if (message.type === "taken_over") { stopped = true; banner(message.why); }
    };
    socket.onclose = () => {
      if (stopped) return;
      banner("Reconnecting to the table…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  function send(answer) {
    if (!state || !state.ask || !socket || socket.readyState !== WebSocket.OPEN) return;
    sentFor = state.ask.id;
    socket.send(JSON.stringify({ type: "answer", id: state.ask.id, answer: answer }));
    armed = false; amountOpen = false; picked = new Set();
    draw();
  }

  function button(label, cls, onTap) {
    const b = el("button", "act " + (cls || ""), label);
    b.type = "button";
    b.addEventListener("click", onTap);
    return b;
  }

  function drawMine(ask) {
    const mine = $("mine");
    mine.replaceChildren();
    const cards = state.mine && state.mine.cards ? state.mine.cards : [];
    const picking = ask && ask.kind === "discard" && sentFor !== ask.id;
    mine.classList.toggle("many", cards.length > 3);
    mine.classList.toggle("picking", picking);
    cards.forEach((card) => {
      const node = cardNode(card);
      if (picking) {
        node.classList.toggle("picked", picked.has(card));
        node.addEventListener("click", () => {
          if (picked.has(card)) picked.delete(card);
          else if (picked.size < ask.count) picked.add(card);
          draw();
        });
      }
      mine.appendChild(node);
    });
    if (!cards.length && state.mine && state.mine.held) {
      for (let i = 0; i < state.mine.held; i++) mine.appendChild(el("div", "card back"));
    }
    $("made").textContent = state.mine && state.mine.made ? state.mine.made : "";
  }

  function drawBoard() {
    const board = $("board");
    board.replaceChildren();
    (state.board || []).forEach((group) => {
      const row = el("div", "row");
      if (state.board.length > 1) row.appendChild(el("span", "label", group.name || ""));
      group.cards.forEach((card) => row.appendChild(cardNode(card)));
      board.appendChild(row);
    });
  }

  function drawSeats() {
    const seats = $("seats");
    seats.replaceChildren();
    (state.seats || []).forEach((s) => {
      const row = el("div", "seat" + (s.turn ? " turn-now" : "") + (s.folded ? " folded" : ""));
      let name = s.name + (s.button ? " (D)" : "") + (s.seat === state.seat ? " · you" : "");
      if (s.away) name += " · away";
      row.appendChild(el("span", "", name));
      const right = el("span", "cards");
      if (s.cards && s.seat !== state.seat && s.shown) {
        s.cards.forEach((c) => { const t = el("span", isRed(c) ? "red" : "", (c || "?") + " "); right.appendChild(t); });
      }
      let status = s.folded ? "folded" : s.all_in ? "all-in" : "";
      if (state.chips) status = chips(s.stack) + (s.bet ? " · bet " + chips(s.bet) : "") + (status ? " · " + status : "");
      right.appendChild(document.createTextNode(status));
      row.appendChild(right);
      seats.appendChild(row);
    });
  }

  function openAmount(ask) {
    amountOpen = true;
    const slider = $("slider");
    slider.min = ask.raise_min; slider.max = ask.raise_max;
    slider.step = 1;
    slider.value = ask.presets.length ? ask.presets[0].to : ask.raise_min;
    draw();
    $("amount").scrollIntoView({ block: "center" });
  }

  function drawAmount(ask) {
    const box = $("amount");
    const open = amountOpen && ask && ask.kind === "action" && ask.raise_min !== null;
    box.classList.toggle("hidden", !open);
    if (!open) return;
    const slider = $("slider");
    const word = ask.bet ? "Bet" : "Raise to";
    $("amount-text").textContent = chips(slider.value);
    $("amount-go").textContent = word + " " + chips(slider.value);
  }

  function actionButtons(ask, box) {
    if (ask.fold) box.appendChild(button("Fold", "stop", () => send({ action: "fold" })));
    if (ask.check) box.appendChild(button("Check", "", () => send({ action: "check" })));
    if (ask.call) box.appendChild(button("Call " + chips(ask.call), "", () => send({ action: "call" })));
    const word = ask.bet ? "Bet" : "Raise to";
    if (ask.raise_min !== null) {
      ask.presets.filter((p) => p.label !== "all-in").forEach((p) => {
        const label = (p.label === "half pot" ? "½ pot" : "Pot") + " · " + chips(p.to);
        box.appendChild(button(label, "go", () => send({ action: "raise", to: p.to })));
      });
      box.appendChild(button(word + "…", "go", () => openAmount(ask)));
    }
    if (ask.all_in !== null) {
      const label = armed ? "Tap again: all-in " + chips(ask.all_in) : "All-in " + chips(ask.all_in);
      box.appendChild(button(label, "warn wide", () => {
        if (armed) send({ action: "all_in" }); else { armed = true; draw(); }
      }));
    }
  }

  function drawActions(ask) {
    const box = $("actions");
    box.replaceChildren();
    if (!ask || sentFor === ask.id) return;
    if (ask.kind === "action" && amountOpen) return;  // the amount box stands in for them
    if (ask.kind === "action") actionButtons(ask, box);
    else if (ask.kind === "discard") {
      const go = button("Discard " + picked.size + " of " + ask.count, "go wide", () => send({ discard: Array.from(picked) }));
      go.disabled = picked.size !== ask.count;
      box.appendChild(el("div", "act wide", "Tap " + ask.count + " cards to throw away"));
      box.appendChild(go);
    } else if (ask.kind === "show_or_muck") {
      box.appendChild(button("Show", "go", () => send({ show: true })));
      box.appendChild(button("Muck", "stop", () => send({ show: false })));
    } else if (ask.kind === "cube_answer") {
      box.appendChild(el("div", "act wide", ask.owner + " turned the cube to " + ask.cube));
      box.appendChild(button("Double: " + ask.stake, "go", () => send({ yes: true })));
      box.appendChild(button("Drop out", "stop", () => send({ yes: false })));
    } else if (ask.kind === "cube_turn") {
      box.appendChild(button("Turn the cube (" + ask.cube * 2 + ")", "go", () => send({ yes: true })));
      box.appendChild(button("Not now", "", () => send({ yes: false })));
    } else if (ask.kind === "next") {
      (ask.lines || []).forEach((line) => box.appendChild(el("div", "result wide", line)));
      box.appendChild(button("Next deal", "go wide", () => send({ yes: true })));
    } else if (ask.kind === "run_twice") {
      box.appendChild(el("div", "act wide", "Run it twice? Each pot split, half per run (asked: " + ask.asked.join(", ") + ")"));
      box.appendChild(button("Run it twice", "go", () => send({ yes: true })));
      box.appendChild(button("One run", "stop", () => send({ yes: false })));
    } else if (ask.kind === "top_up" || ask.kind === "rebuy") {
      const word = ask.kind === "top_up" ? "Top up to " : "Rebuy ";
      box.appendChild(button(word + chips(ask.chips) + " · " + ask.cost, "go", () => send({ yes: true })));
      box.appendChild(button(ask.kind === "top_up" ? "Leave" : "No", "stop", () => send({ yes: false })));
    }
  }

  function draw() {
    if (!state) return;
    const ask = state.ask && sentFor !== state.ask.id ? state.ask : null;
    if (state.ask === null) sentFor = null;
    $("who").textContent = state.name;
    const street = state.chips && state.street ? " · " + state.street : "";
    $("where").textContent = state.game + (state.hand ? " · deal " + state.hand : "") + street;
    $("pot").parentElement.classList.toggle("hidden", !state.chips);
    $("stack").parentElement.classList.toggle("hidden", !state.chips);
    $("turn").classList.toggle("hidden", !ask);
    $("turn").textContent = ask && ask.kind === "next" ? "Deal over" : "Your turn";
    if (ask && ask.kind !== "next" && buzzedFor !== ask.id) {
      buzzedFor = ask.id;
      if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
    }
    if (state.ask && state.ask.refusal) $("note").textContent = state.ask.refusal;
    else if (!ask && state.over) $("note").textContent = state.over;
    else if (!ask && state.hand && !state.mine) $("note").textContent = "You are out of this game: watching.";
    else if (!ask) $("note").textContent = state.waiting_for && state.waiting_for !== state.name ? "Waiting for " + state.waiting_for : "";
    else if (!armed) $("note").textContent = "";
    $("pot").textContent = state.chips ? chips(state.pot) : "–";
    $("stack").textContent = state.chips && state.stack !== null ? chips(state.stack) : "–";
    $("toact").textContent = state.to_act || state.waiting_for || "–";
    drawMine(ask);
    drawBoard();
    drawActions(ask);
    drawAmount(ask);
    drawSeats();
    $("series").textContent = state.series || "";
    const log = $("log");
    log.replaceChildren();
    (state.log || []).slice(-6).forEach((line) => log.appendChild(el("li", "", line)));
  }

  $("slider").addEventListener("input", () => draw());
  $("less").addEventListener("click", () => { const s = $("slider"); s.value = Math.max(Number(s.min), Number(s.value) - stepOf()); draw(); });
  $("more").addEventListener("click", () => { const s = $("slider"); s.value = Math.min(Number(s.max), Number(s.value) + stepOf()); draw(); });
  $("amount-back").addEventListener("click", () => { amountOpen = false; draw(); });
  $("amount-go").addEventListener("click", () => send({ action: "raise", to: Number($("slider").value) }));
  function stepOf() {
    return state && state.ask && state.ask.step ? state.ask.step : 1;
  }
  connect();
})();
