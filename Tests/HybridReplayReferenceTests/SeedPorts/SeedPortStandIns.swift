import Foundation
import HybridReplaySeams

// Stand-ins for the parts of Combine and UIKit the seed articles use around
// the platform calls. Linux has neither, and neither is a HybridReplay seam:
// these keep the ported lines as the articles wrote them, so that what
// `Scripts/seed-port-diff` counts is what the seams change. See
// docs/conformance.md, "Porting the seed articles".

/// Combine's `PassthroughSubject`, as far as the location article uses it.
final class PassthroughSubject<Output, Failure: Error>: @unchecked Sendable {
    enum Completion { case finished, failure(Failure) }

    private let lock = NSLock()
    private var values: [(Output) -> Void] = []
    private var completions: [(Completion) -> Void] = []

    func sink(receiveCompletion: @escaping (Completion) -> Void, receiveValue: @escaping (Output) -> Void) {
        lock.withLock {
            completions.append(receiveCompletion)
            values.append(receiveValue)
        }
    }

    func send(_ value: Output) {
        for receive in lock.withLock({ values }) { receive(value) }
    }

    func send(completion: Completion) {
        let receivers = lock.withLock {
            defer { values = []; completions = [] }
            return completions
        }
        for receive in receivers { receive(completion) }
    }
}

extension PassthroughSubject where Output == Void {
    func send() { send(()) }
}

/// UIKit's colour, as the navigation article builds it.
struct UIColor: Equatable {
    var red: Double, green: Double, blue: Double, alpha: Double
    init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
}

/// UIKit's view controller, as far as the articles use it. Presenting and
/// pushing go to the platform's ``RoutePresenter``, the seam HybridReplay has
/// for native screens; the web view comes from the platform, as a seam app
/// gets it handed rather than building a `WKWebView`.
class UIViewController: @unchecked Sendable {
    struct View { var frame = (width: 390.0, height: 844.0); func addSubview(_ view: Any) {} }
    struct NavigationItem { var title: String? }

    let platform: Platform
    var view = View()
    var navigationItem = NavigationItem()
    var screenColor: UIColor?
    private(set) lazy var navigationController: UINavigationController? = UINavigationController(routes: platform.routes)

    init(platform: Platform) { self.platform = platform }

    func viewDidLoad() {}
    func didReceiveMemoryWarning() {}

    func present(_ viewController: UIViewController, animated: Bool) {
        platform.routes.show(viewController.route(named: "present"))
    }

    func route(named name: String) -> NativeRoute {
        guard let screenColor else { return NativeRoute(name: name) }
        return NativeRoute(
            name: name,
            parameters: ["r": .number(screenColor.red), "g": .number(screenColor.green), "b": .number(screenColor.blue)])
    }
}

final class UINavigationController: @unchecked Sendable {
    private let routes: any RoutePresenter
    init(routes: any RoutePresenter) { self.routes = routes }
    func pushViewController(_ viewController: UIViewController, animated: Bool) {
        routes.show(viewController.route(named: "push"))
    }
}

/// The navigation article's coloured screen.
final class ColorViewController: UIViewController, @unchecked Sendable {
    init() { super.init(platform: Platform()) }
}
