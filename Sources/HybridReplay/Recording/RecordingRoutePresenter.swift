/// A route presenter that records each native screen app code shows as a
/// `navigation.route` effect, then shows it.
struct RecordingRoutePresenter: RoutePresenter {
    let live: any RoutePresenter
    let recorder: Recorder

    func show(_ route: NativeRoute) {
        recorder.recordEffect(route)
        live.show(route)
    }
}
