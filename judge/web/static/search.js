// Search-as-you-type: the server renders the results fragment; without JavaScript the form
// submits as usual. No other script on the site.
(function () {
  "use strict";
  var form = document.getElementById("search");
  var box = document.getElementById("q");
  var results = document.getElementById("results");
  if (!form || !box || !results || !window.fetch) return;
  var timer = null, seq = 0;

  function params() {
    var p = new URLSearchParams();
    // the game is always sent, "all games" too: the server remembers the choice (a cookie)
    new FormData(form).forEach(function (v, k) { if (v || k === "game") p.set(k, v); });
    return p;
  }

  function update() {
    var p = params();
    var mine = ++seq;
    history.replaceState(null, "", p.toString() ? "/?" + p.toString() : "/");
    if (!p.get("q")) {
      results.innerHTML = "";
      fetch("/search/results?" + p.toString());  // remembers the game even before a question
      return;
    }
    fetch("/search/results?" + p.toString(), { headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok || r.status === 400 ? r.text() : ""; })
      .then(function (html) {
        if (mine !== seq) return;  // a newer request is on its way
        var doc = new DOMParser().parseFromString(html, "text/html");
        var main = doc.querySelector("main");
        results.innerHTML = "";
        var src = main || doc.body;
        while (src && src.firstChild) results.appendChild(src.firstChild);
      })
      .catch(function () {});
  }

  // "More results": the next results replace the list in place (the link alone works without JS)
  results.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("a#more") : null;
    if (!a || !a.getAttribute("data-fragment")) return;
    ev.preventDefault();
    var next = a.getAttribute("href");
    fetch(a.getAttribute("data-fragment"), { headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) {
        if (!html) { window.location.href = next; return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var src = doc.querySelector("main") || doc.body;
        results.innerHTML = "";
        while (src && src.firstChild) results.appendChild(src.firstChild);
        history.replaceState(null, "", next.split("#")[0]);
        var first = document.getElementById(next.split("#")[1] || "");
        if (first) { first.setAttribute("tabindex", "-1"); first.focus({ preventScroll: true }); }
      })
      .catch(function () { window.location.href = next; });
  });

  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  });
  form.querySelectorAll("select").forEach(function (s) { s.addEventListener("change", update); });
})();
