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
    new FormData(form).forEach(function (v, k) { if (v) p.set(k, v); });
    return p;
  }

  function update() {
    var p = params();
    var mine = ++seq;
    history.replaceState(null, "", p.toString() ? "/?" + p.toString() : "/");
    if (!p.get("q")) { results.innerHTML = ""; return; }
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

  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  });
  form.querySelectorAll("select").forEach(function (s) { s.addEventListener("change", update); });
})();
