package org.crs.demo.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A service's JVM started ahead and waiting: the JVM is up and the classes the service loaded
 * at its last cold start are loaded (not initialised: no static initialiser of the service runs
 * before it is told), so that when {@link ServiceProcess} says {@link #GO} on its standard input
 * the service's main starts at once, on its configuration and database files, without the JVM's
 * own start and the reading of hundreds of jar entries. The service's start-up itself (its
 * database, its schedule, Tomcat and Axis2) still runs in full after the word.
 *
 * <p>Arguments: the file to create once the classes are loaded (the standby is then warm), the
 * class list ({@code -Xlog:class+load} output of a cold start, one class a line, its name the
 * line's first word; absent or empty: nothing is loaded ahead), the service's main class and its
 * arguments. End of input before the word (the harness went away): the JVM ends, having started
 * nothing.
 */
public final class Standby {

    /** The word on standard input that starts the service. */
    public static final String GO = "go";

    private Standby() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: Standby <warm marker> <class list> <main class> [argument...]");
        }
        Path warm = Path.of(args[0]);
        Path classList = Path.of(args[1]);
        String mainClass = args[2];
        String[] serviceArguments = Arrays.copyOfRange(args, 3, args.length);

        long began = System.nanoTime();
        int[] counts = preload(classList);
        Files.writeString(warm, counts[0] + " classes loaded ahead, " + counts[1] + " not loadable, in "
                + (System.nanoTime() - began) / 1_000_000 + " ms\n");

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String word = in.readLine();
        if (word == null) {
            return; // nobody will tell it: end without starting anything
        }
        if (!GO.equals(word.strip())) {
            throw new IllegalArgumentException("standby told '" + word + "', not '" + GO + "'");
        }
        // After the word: this lands in the log after the start's own line.
        System.out.println("standby: " + Files.readString(warm).strip() + "; starting " + mainClass);
        Method main = Class.forName(mainClass).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) serviceArguments);
        } catch (InvocationTargetException e) {
            throw e.getCause(); // the service's own failure, as if it had been started directly
        }
    }

    /**
     * Loads each class of the list with the system class loader, without initialising it.
     * Returns {loaded, not loadable}: hidden and generated classes (lambda forms, proxies) are
     * in the list but cannot be loaded by name, and are counted, not an error.
     */
    static int[] preload(Path classList) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(classList, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return new int[] {0, 0}; // no cold start recorded one: nothing to load ahead
        }
        ClassLoader loader = ClassLoader.getSystemClassLoader();
        int loaded = 0;
        int skipped = 0;
        for (String line : lines) {
            String name = firstWord(line);
            if (name.isEmpty() || name.contains("/")) {
                skipped++;
                continue;
            }
            try {
                Class.forName(name, false, loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError e) {
                skipped++; // generated at run time, or not on this class path: the service loads its own
            }
        }
        return new int[] {loaded, skipped};
    }

    private static String firstWord(String line) {
        String s = line.strip();
        int space = s.indexOf(' ');
        return space < 0 ? s : s.substring(0, space);
    }
}
