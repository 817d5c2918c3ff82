/* A table's rows filtered as one types (templates/renumbering.html): copied verbatim to
   site/assets/tablefilter.js. <input data-filter="TABLE-ID"> hides the rows of that table
   whose text does not hold every word typed; the count of rows shown is said beside it. */
(function () {
  "use strict";
  function filter(input) {
    var table = document.getElementById(input.getAttribute("data-filter"));
    var count = input.parentNode.querySelector(".table-filter-count");
    var rows = table ? table.tBodies[0].rows : [];
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    Array.prototype.forEach.call(rows, function (row) {
      var text = row.textContent.toLowerCase();
      var keep = words.every(function (word) { return text.indexOf(word) >= 0; });
      row.hidden = !keep;
      shown += keep ? 1 : 0;
    });
    if (count) count.textContent = words.length ? shown + " of " + rows.length + " rows" : "";
  }
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input[data-filter]")) filter(event.target);
  });
})();
