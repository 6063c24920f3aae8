import Foundation
import HybridReplaySeams

// The navigation-hijack article's code, ported to the seams as written, bugs
// included (a malformed `navigate:` link returns without deciding). Its
// fragments are assembled where the article's placeholders put them.
// `Scripts/seed-port-diff navigation-hijack` counts the changed lines.
enum NavigationHijackPort {
// seed-port-diff: begin

enum ActionType: String {
    case navigate
}

enum TransitionType: String {
    case present
    case push
}

class HijackViewController: UIViewController, NavigationDelegate, @unchecked Sendable {

func decidePolicy(
               for navigationAction: NavigationAction,
               decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {

    // Hijacking logic here

if
    navigationAction.navigationType == NavigationType.linkActivated,
    let url = navigationAction.request.url {

    // Process the URL & trigger hijack logic here

if
    let scheme = url.scheme,
    let actionType = ActionType(rawValue: scheme),
    actionType == .navigate {
    
    // Extract transition type & RGB value from URL

 // Extract transition type
guard
    let host = url.host,
    let transitionType = TransitionType(rawValue: host) else {
        return
    }

// Extract RGB from query items
guard
    let component = URLComponents(string: url.absoluteString),
    let r = component.queryItems?.first(where: { $0.name == "r" })?.value,
    let g = component.queryItems?.first(where: { $0.name == "g" })?.value,
    let b = component.queryItems?.first(where: { $0.name == "b" })?.value else {
        return
    }

// Convert rgb String to Double (Only available in Swift 5.5)
guard
    let red = Double(r),
    let green = Double(g),
    let blue = Double(b) else {
        return
    }

let viewController = ColorViewController()
let screenColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0)
viewController.screenColor = screenColor

// Perform navigation based on transition type
switch transitionType {
case .present:
    present(viewController, animated: true)
case .push:
    navigationController?.pushViewController(viewController, animated: true)
}

} else {
    // Load URL as usual
    let req = HTTPRequest(url: url)
    platform.webView.load(req)
}

    // Ask the web view to ignore the original navigation request
    decisionHandler(.cancel)
    return
}

    decisionHandler(.allow)
}
}
// seed-port-diff: end
}
