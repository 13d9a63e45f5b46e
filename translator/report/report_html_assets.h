/* report_html_assets.h: the style sheet and script embedded in HTML reports (report_html_assets.c).
 * Declarations only: no code. */
#ifndef HIPIFY_REPORT_HTML_ASSETS_H
#define HIPIFY_REPORT_HTML_ASSETS_H
extern const char hc_report_html_script[];
extern const char hc_report_html_style[];
#endif
