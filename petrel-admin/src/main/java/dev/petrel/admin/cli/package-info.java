/**
 * The command line: {@link dev.petrel.admin.cli.AdminCli} (entry points and exit codes),
 * {@link dev.petrel.admin.cli.FlagParser} (mqadmin's flag forms, every mistake a
 * {@link dev.petrel.admin.cli.UsageException}), and {@link dev.petrel.admin.cli.Report} /
 * {@link dev.petrel.admin.cli.Table} (mqadmin's format strings and the same facts as JSON).
 */
package dev.petrel.admin.cli;
