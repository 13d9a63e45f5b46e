/* main.c: the hipify-c command line: parses argv into the option struct, then runs what it asks for: an
 * action, a query, a re-sync, a drift report or the port (port.c). It translates and writes nothing itself. */
#include "cli.h"
#include "output.h"
#include "query.h"

#include <signal.h>
#include <stdio.h>

int hc_cli_main(int argc, char **argv) {
    hc_cli cli;
    int exit_code = HC_EXIT_OK;
    /* a closed pipe on stdout is an error to report (exit 3), not a silent death by signal */
    signal(SIGPIPE, SIG_IGN);
    hc_out_cleanup_on_signals(); /* SIGINT, SIGTERM, SIGHUP: our temporaries go with the process */
    int rc = hc_cli_parse(argc, argv, &cli);
    if (rc != 0) { /* --help, --man: a lost line into a full disk is a failed run */
        exit_code = rc < 0 ? HC_EXIT_USAGE : hc_cli_flush_stdout() != 0 ? HC_EXIT_OUTPUT : HC_EXIT_OK;
        goto done;
    }
    if (hc_port_hip_target(&cli.port) != 0) {
        exit_code = HC_EXIT_USAGE;
        goto done;
    }
    if ((rc = hc_cli_actions(&cli)) >= 0) { /* --versions, --md, --csv (actions.c) */
        exit_code = rc;
        goto done;
    }
    if (cli.query || cli.list_unsupported) {
        int q = cli.query ? hc_query_print(stdout, cli.query, &cli.port.opt) : hc_list_unsupported(stdout, cli.list_family, &cli.port.opt);
        exit_code = hc_cli_flush_stdout() != 0 ? HC_EXIT_OUTPUT : q == 0 ? HC_EXIT_OK : HC_EXIT_ERRORS;
        goto done;
    }
    if (cli.resync_dir || cli.drift_dir) { /* runs of their own (resync_cli.c, drift_cli.c) */
        if (hc_cli_path_collisions(&cli) != 0) exit_code = HC_EXIT_USAGE; /* nothing written yet: refused as a whole */
        else exit_code = cli.resync_dir ? hc_cli_resync(&cli) : hc_cli_drift(&cli);
        goto done;
    }
    exit_code = hc_port(&cli.port);
done:
    hc_cli_free(&cli);
    return exit_code;
}

#ifndef HC_CLI_NO_MAIN /* the CLI fuzz target (fuzz/fuzz_cli.c) calls hc_cli_main itself */
int main(int argc, char **argv) { return hc_cli_main(argc, argv); }
#endif
