/// Verifies the native routes a router shows.
final class ReplayRoutePresenter: RoutePresenter {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func show(_ route: NativeRoute) { engine.effect(route) }
}
