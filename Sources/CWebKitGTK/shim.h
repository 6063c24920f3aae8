#ifndef HYBRIDREPLAY_CWEBKITGTK_SHIM_H
#define HYBRIDREPLAY_CWEBKITGTK_SHIM_H

#include <gtk/gtk.h>
#include <webkit/webkit.h>
#include <jsc/jsc.h>

// Swift imports neither GLib's function-like macros (G_CALLBACK, g_signal_connect,
// G_TYPE_CHECK_INSTANCE_CAST, WEBKIT_NETWORK_ERROR) nor C varargs (g_object_new,
// g_strdup_printf), so these wrappers give the few the engine needs a typed,
// callable form. Everything else is imported from the WebKitGTK headers directly.

typedef gboolean (*hr_source_func)(gpointer data);
typedef void (*hr_script_message_func)(WebKitUserContentManager *manager, JSCValue *value, gpointer data);
typedef gboolean (*hr_script_message_with_reply_func)(
    WebKitUserContentManager *manager, JSCValue *value, WebKitScriptMessageReply *reply, gpointer data);
typedef gboolean (*hr_decide_policy_func)(
    WebKitWebView *view, WebKitPolicyDecision *decision, WebKitPolicyDecisionType type, gpointer data);
typedef gboolean (*hr_script_dialog_func)(WebKitWebView *view, WebKitScriptDialog *dialog, gpointer data);
typedef void (*hr_load_changed_func)(WebKitWebView *view, WebKitLoadEvent event, gpointer data);
typedef gboolean (*hr_load_failed_func)(
    WebKitWebView *view, WebKitLoadEvent event, const char *failing_uri, GError *error, gpointer data);
typedef gboolean (*hr_authenticate_func)(WebKitWebView *view, WebKitAuthenticationRequest *request, gpointer data);
typedef void (*hr_web_process_terminated_func)(
    WebKitWebView *view, WebKitWebProcessTerminationReason reason, gpointer data);

/// Queues `function` on the global default main context, after every source
/// queued before it at the same priority.
static inline guint hr_idle_add(hr_source_func function, gpointer data) {
    return g_idle_add_full(G_PRIORITY_DEFAULT, function, data, NULL);
}

/// A web view with its own web context, user content manager and ephemeral
/// network session, so nothing is written under $HOME. An explicit context
/// also keeps WebKit from creating its default one, a static that exit()
/// would release on the wrong thread.
static inline WebKitWebView *hr_web_view_new(
    WebKitWebContext *context, WebKitUserContentManager *manager, WebKitNetworkSession *session) {
    return WEBKIT_WEB_VIEW(g_object_new(
        WEBKIT_TYPE_WEB_VIEW, "web-context", context, "user-content-manager", manager, "network-session", session,
        NULL));
}

static inline GtkWidget *hr_window_new_with_child(GtkWidget *child) {
    GtkWidget *window = gtk_window_new();
    gtk_window_set_child(GTK_WINDOW(window), child);
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);
    return window;
}

static inline GtkWidget *hr_widget(WebKitWebView *view) { return GTK_WIDGET(view); }

static inline WebKitWebView *hr_as_web_view(GObject *object) { return WEBKIT_WEB_VIEW(object); }

static inline void hr_window_destroy(GtkWidget *window) { gtk_window_destroy(GTK_WINDOW(window)); }

static inline gulong hr_connect_script_message(
    WebKitUserContentManager *manager, const char *name, hr_script_message_func function, gpointer data) {
    char *signal = g_strdup_printf("script-message-received::%s", name);
    gulong id = g_signal_connect(manager, signal, G_CALLBACK(function), data);
    g_free(signal);
    return id;
}

static inline gulong hr_connect_script_message_with_reply(
    WebKitUserContentManager *manager, const char *name, hr_script_message_with_reply_func function, gpointer data) {
    char *signal = g_strdup_printf("script-message-with-reply-received::%s", name);
    gulong id = g_signal_connect(manager, signal, G_CALLBACK(function), data);
    g_free(signal);
    return id;
}

static inline gulong hr_connect_decide_policy(WebKitWebView *view, hr_decide_policy_func function, gpointer data) {
    return g_signal_connect(view, "decide-policy", G_CALLBACK(function), data);
}

static inline gulong hr_connect_script_dialog(WebKitWebView *view, hr_script_dialog_func function, gpointer data) {
    return g_signal_connect(view, "script-dialog", G_CALLBACK(function), data);
}

static inline gulong hr_connect_authenticate(WebKitWebView *view, hr_authenticate_func function, gpointer data) {
    return g_signal_connect(view, "authenticate", G_CALLBACK(function), data);
}

static inline gulong hr_connect_load_changed(WebKitWebView *view, hr_load_changed_func function, gpointer data) {
    return g_signal_connect(view, "load-changed", G_CALLBACK(function), data);
}

static inline gulong hr_connect_load_failed(WebKitWebView *view, hr_load_failed_func function, gpointer data) {
    return g_signal_connect(view, "load-failed", G_CALLBACK(function), data);
}

static inline gulong hr_connect_web_process_terminated(
    WebKitWebView *view, hr_web_process_terminated_func function, gpointer data) {
    return g_signal_connect(view, "web-process-terminated", G_CALLBACK(function), data);
}

/// The LLVM profile runtime's writer, linked in only when the process is
/// built for code coverage (`swift test --enable-code-coverage`); weak, so
/// it is null otherwise. Its own exit handler writes the profile, so a
/// process that ends through `_exit` calls this first.
extern int __llvm_profile_write_file(void) __attribute__((weak));

/// Writes the code-coverage profile when the process was built for coverage.
static inline void hr_write_coverage_profile(void) {
    if (__llvm_profile_write_file) __llvm_profile_write_file();
}

/// Disconnects every handler on `instance` whose user data is `data`.
static inline void hr_disconnect_by_data(gpointer instance, gpointer data) {
    g_signal_handlers_disconnect_by_data(instance, data);
}

static inline WebKitNavigationPolicyDecision *hr_navigation_policy_decision(WebKitPolicyDecision *decision) {
    return WEBKIT_NAVIGATION_POLICY_DECISION(decision);
}

static inline gboolean hr_is_cancellation(const GError *error) {
    return g_error_matches(error, WEBKIT_NETWORK_ERROR, WEBKIT_NETWORK_ERROR_CANCELLED);
}

/// The `a{sv}` dictionary `call_async_javascript_function` binds to the
/// function's parameters: each value is a string (the argument as JSON text).
static inline GVariant *hr_string_arguments(const char *const *keys, const char *const *values, gsize count) {
    GVariantBuilder builder;
    g_variant_builder_init(&builder, G_VARIANT_TYPE("a{sv}"));
    for (gsize index = 0; index < count; index++) {
        g_variant_builder_add(&builder, "{sv}", keys[index], g_variant_new_string(values[index]));
    }
    return g_variant_builder_end(&builder);
}

#endif
