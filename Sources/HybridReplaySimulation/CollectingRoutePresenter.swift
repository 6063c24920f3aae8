import HybridReplay

/// A route presenter that shows nothing and keeps every route the app asked for.
public final class CollectingRoutePresenter: RoutePresenter {
    private let state = Locked<[NativeRoute]>([])

    public init() {}

    /// The routes the app showed, in order.
    public var routes: [NativeRoute] { state.current }

    public func show(_ route: NativeRoute) {
        state.withLock { $0.append(route) }
    }
}
