import Foundation
import HybridReplaySeams

// The wkwebview-native-interaction article's `ExperimentalViewController`,
// ported to the seams as written, bugs included (`executePromise('%@','%@')`
// spliced with `String(format:)`; nothing evaluated when the fetch fails).
// `Scripts/seed-port-diff wkwebview-native-interaction` counts the changed lines.
enum WebViewInteractionPort {
// seed-port-diff: begin
enum URLS { static let experimentalURL = "https://example.test/experimental.html" }

//
//  ExperimentalViewController.swift
//  WebInteractive
//
//  Created by Naresh Kumar Devalapally on 7/31/18.
//  Copyright © 2018 Naresh Kumar Devalapally. All rights reserved.
//

class ExperimentalViewController: UIViewController, ScriptMessageHandler, @unchecked Sendable {

        lazy
        var webView: any WebView = {


            // Setup WKUserContentController instance for injecting user script

            // Add a script message handler for receiving  "buttonClicked" event notifications posted from the JS document using window.webkit.messageHandlers.buttonClicked.postMessage script message
            platform.webView.add(self, name: "nativeProcess")
            // Configure the WKWebViewConfiguration instance with the WKUserContentController

            let webView = platform.webView
            return webView
        }()

        override func viewDidLoad() {
            super.viewDidLoad()

            // Do any additional setup after loading the view.
            self.navigationItem.title = "Experimental HTML"
            self.view.addSubview(webView)
            let urlToLoad = URL(string: URLS.experimentalURL)
            // Do any additional setup after loading the view.
            webView.load(HTTPRequest(url: urlToLoad!))
        }

        override func didReceiveMemoryWarning() {
            super.didReceiveMemoryWarning()
            // Dispose of any resources that can be recreated.
        }


        /// Assuming that the javascript sends message back, this function handles the message
        ///
        /// - Parameters:
        ///   - userContentController: controller
        ///   - message: Message. Can be a String or [String:Any] to a single level.
        func didReceive(_ message: ScriptMessage) {
            print("User message got")
            if case .object(let theBody) = message.body {
                if case .string(let guid)? = theBody["guid"] {
                    print("guid of the promise is " + guid)
                    fetchRandomUserProfile(guid: guid)
                }
            }

        }


        // MARK: API from Random user implementation.

        func fetchRandomUserProfile(guid: String) {
            //https://randomuser.me/api
            var request = HTTPRequest(url: "https://randomuser.me/api")
            request.httpMethod = "GET"
            let session = platform.transport
            let dataTask = Task {
                var (response, error): (HTTPResponse?, HTTPTransportError?) = (nil, nil)
                do throws(HTTPTransportError) { response = try await session.send(request) } catch let failure { error = failure }
                if (error != nil) {
                    print(error as Any)
                } else {
                    _ = response
                    let theString = String(data: response!.body!.data, encoding: .utf8)
                    print(theString as Any)
                    DispatchQueue.main.async {
                        self.executeCallBack(guid: guid, data: theString!)
                    }

                }
            }

            _ = dataTask
        }

        func executeCallBack(guid: String, data: String) {
            let execString = String(format: "executePromise('%@','%@')", guid, data)
            print(execString)
            webView.evaluateJavaScript(execString) {
                (result) in
                print("Finished calling")
            }
        }
}
// seed-port-diff: end
}
