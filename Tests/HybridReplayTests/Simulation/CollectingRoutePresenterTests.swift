import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("CollectingRoutePresenter")
struct CollectingRoutePresenterTests {
    @Test("keeps every route the app shows, in order")
    func collects() {
        let presenter = CollectingRoutePresenter()
        #expect(presenter.routes.isEmpty)

        presenter.show(NativeRoute(name: "present", parameters: ["r": 255, "g": 255, "b": 0]))
        presenter.show(NativeRoute(name: "push"))

        #expect(
            presenter.routes == [
                NativeRoute(name: "present", parameters: ["r": 255, "g": 255, "b": 0]), NativeRoute(name: "push"),
            ])
    }

    @Test("collects routes shown from many tasks at once")
    func concurrent() async {
        let presenter = CollectingRoutePresenter()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { presenter.show(NativeRoute(name: "r\(index)")) }
            }
        }
        #expect(Set(presenter.routes.map(\.name)).count == 100)
    }
}
