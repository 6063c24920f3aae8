import CassetteCommands
import Foundation
import HybridReplayWebKitGTK
import ReferenceContracts

#if WebKitGTK
/// Built with the WebKitGTK trait: `verify --web` loads pages in a real WebKitGTK.
let webEngine: WebEngine? = WebEngine(name: "WebKitGTK 6.0") { try await WebKitGTKWebView() }
#else
let webEngine: WebEngine? = nil
#endif

exit(await runCassetteTool(contracts: ConformanceContract.references, webEngine: webEngine))
