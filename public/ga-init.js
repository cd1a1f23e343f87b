// Google Analytics' start-up, as a file of the site so that the Content-Security-Policy needs no inline script.
(function () {
  var id = document.currentScript && document.currentScript.dataset.ga;
  if (!id) return;
  window.dataLayer = window.dataLayer || [];
  function gtag() {
    window.dataLayer.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', id);
})();
