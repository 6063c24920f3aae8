// A native bridge in the style of hybrid frameworks' iOS bridges (Ionic
// Capacitor's among them), written for these tests from the protocol alone.
// The app installs it as a user script at document start:
// - while the page loads it asks native code a question with a synchronous
//   prompt(), which the app's UI delegate answers;
// - each call posts {callbackId, pluginId, methodName, options} to the
//   `bridge` handler, with callback ids counting up from a random start, so
//   that an answer meant for a page that has since reloaded finds no call;
// - native code answers by evaluating window.Capacitor.fromNative({callbackId,
//   pluginId, methodName, success, data | error}).
(function (win) {
  var config = JSON.parse(win.prompt(JSON.stringify({ type: "bridge.config" })) || "{}");
  var calls = new Map();
  var lastCallbackId = Math.floor(Math.random() * 100000000);

  function nativePromise(pluginId, methodName, options) {
    return new Promise(function (resolve, reject) {
      lastCallbackId += 1;
      var callbackId = String(lastCallbackId);
      calls.set(callbackId, { resolve: resolve, reject: reject });
      win.webkit.messageHandlers.bridge.postMessage({
        callbackId: callbackId, pluginId: pluginId, methodName: methodName, options: options || {}
      });
    });
  }

  function fromNative(result) {
    var call = calls.get(result.callbackId);
    if (!call) { return; }
    calls.delete(result.callbackId);
    if (result.success) {
      call.resolve(result.data);
    } else {
      call.reject(Object.assign(new Error(result.error.message), result.error));
    }
  }

  win.Capacitor = { config: config, nativePromise: nativePromise, fromNative: fromNative };
})(window);
