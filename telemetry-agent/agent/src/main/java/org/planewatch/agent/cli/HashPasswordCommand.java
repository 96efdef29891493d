package org.planewatch.agent.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.planewatch.agent.security.PasswordFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code planewatch-agent hash-password}: one line for the {@code --users} file. */
@Command(
        name = "hash-password",
        mixinStandardHelpOptions = true,
        description = "Print a credential-file line (PBKDF2-HMAC-SHA256, random salt) for a user. "
                + "The password is read from the terminal, or from the first line of standard input.")
final class HashPasswordCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--user", required = true, description = "User name.")
    String user;

    @Override
    public Integer call() throws Exception {
        char[] password;
        Console console = System.console();
        if (console != null && console.isTerminal()) {
            password = console.readPassword("password for %s: ", user);
        } else {
            String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            password = line == null ? null : line.toCharArray();
        }
        if (password == null || password.length == 0) {
            throw new IllegalArgumentException("no password given on the terminal or standard input");
        }
        spec.commandLine().getOut().println(PasswordFile.entry(user, password));
        return 0;
    }
}
