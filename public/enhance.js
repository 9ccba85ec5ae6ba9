// Progressive enhancement for plain HTML pages, no framework: each part works without it.
// - Copy buttons: <button data-copy="ID" hidden> copies the text of #ID (the text stays selectable
//   without this script; the button is shown only when the clipboard can be written).
// - The live password rule: <input data-password-rule="MIN"> says under it, as the person types,
//   how many characters are still missing (the server checks the whole rule either way).
(function () {
  var buttons = document.querySelectorAll('button[data-copy]');
  for (var i = 0; i < buttons.length; i++) {
    var button = buttons[i];
    if (!navigator.clipboard) continue;
    button.hidden = false;
    button.addEventListener('click', function (event) {
      var b = event.currentTarget;
      var source = document.getElementById(b.getAttribute('data-copy'));
      var status = document.getElementById(b.getAttribute('data-copy') + '-status');
      if (!source) return;
      navigator.clipboard.writeText(source.textContent.trim()).then(
        function () {
          if (status) status.textContent = 'Copied.';
        },
        function () {
          if (status) status.textContent = 'Copying failed: select the address and copy it.';
        },
      );
    });
  }
  var fields = document.querySelectorAll('input[data-password-rule]');
  for (var j = 0; j < fields.length; j++) {
    var field = fields[j];
    var hint = document.getElementById('password-hint');
    if (!hint) continue;
    var rule = hint.textContent;
    var min = Number(field.getAttribute('data-password-rule'));
    var update = function (input, hintNode) {
      return function () {
        var missing = min - input.value.length;
        if (input.value.length === 0) hintNode.textContent = rule;
        else if (missing > 0) hintNode.textContent = missing + ' more character' + (missing === 1 ? '' : 's') + ' needed. ' + rule;
        else hintNode.textContent = 'Long enough. It must also not be a common password or pattern: three or four unrelated words work well.';
      };
    };
    field.addEventListener('input', update(field, hint));
  }
})();
