import App

// The app's entry point links App, and through it only HybridReplaySeams.
print("\(AppRouter.self) and \(AppEchoBridge.self) are linked")
