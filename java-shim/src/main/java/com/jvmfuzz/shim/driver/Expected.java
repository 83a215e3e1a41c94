/*
 * What counts as a bug when generated drivers call a library. Every counting rule lives here.
 *
 * A Throwable escaping a driver is traced back, through its stack, to the call the driver made
 * (the deepest frame above the first driver frame; for one a worker thread of the method threw
 * and the method rethrew as it is, whose stack is the worker's alone, the method under test),
 * and sorted (classify):
 *   - nothing to report: thrown by the driver's own code (a driver defect: counted in the
 *     statistics, for us to fix), past the instance helpers' depth bound (TooDeep), a set-up
 *     call that gave null for a value a helper builds (BuiltNull), a type
 *     --findings-exclude names, or thrown while the driver built its objects by a call into
 *     code outside the packages under test (a JDK or dependency call that only builds
 *     arguments: `FastDateFormat.getDateInstance(32)` when fuzzing commons-text is
 *     commons-lang3's business) or to a method under test of this run (its own driver judges
 *     it with the arguments it was given): counted as set-up failures (the driver tells when
 *     it reaches its call of the method under test: Expected.call); a ClassCastException or
 *     ArrayStoreException anywhere under a call of a method with a parameter of a generic
 *     type, or of a generic class's method (a driver built from the erased signature passed a
 *     value of the wrong type argument: a driver defect), or of a value whose class gives a
 *     generic parameter's raw type other type arguments (a Point<Sphere1D> handed to a
 *     Point<Euclidean1D>);
 *   - contract, with the reason: the method under test raised it by design on the arguments
 *     it was given:
 *       - a NoClassDefFoundError naming a class the run's class path does not hold, itself or
 *         as the cause of a "Could not initialize class" (an optional dependency left out:
 *         commons-compress's zstd-jni): the user's class path, not the library's code;
 *       - an exception type that method (any overload of that name, or any constructor)
 *         declares in `throws`, or documents with Javadoc `@throws` (or a method of an
 *         object the driver built and handed over documents it, called back on the way: a
 *         BackgroundInitializer's get() as a stream's Supplier, an Option.Builder's get() as
 *         a default value's Supplier, refusing to build) (the table
 *         -Djvmfuzz.documented names, read by the fuzzer from the library's sources; the
 *         method's class, its superclasses and interfaces), or that a method of the same class
 *         documents that threw it on the way from the call. A method whose Javadoc says it does
 *         not throw ("without throwing an exception") has no contract exception at all: the
 *         rules below do not apply to it (TextStringBuilder.midString); one whose Javadoc says
 *         its input "is not checked" has any RuntimeException as its contract (the caller
 *         gave what it does not take: ClassUtils.getShortClassName("["));
 *       - an IllegalArgumentException from the library's own argument checks: thrown by the
 *         called class's library (the same package, or the same first three package segments,
 *         or the root of the packages under test when that is shorter: jsoup's org.jsoup.nodes
 *         and org.jsoup.helper are one library under org.jsoup)
 *         or by a precondition helper (Objects.requireNonNull*, Guava's Preconditions.check*,
 *         commons-lang's Validate.*), every frame up to the call the library's or the JDK's,
 *         and not reached through a method the library's class inherits from the JDK (a
 *         java.text.Format's format(Object) calling the library's own format: the check then
 *         judges a value the library handed itself, CompositeFormat.reformat's null);
 *         one the JDK throws right under the called method counts when the method handed its
 *         input straight to the JDK (NumberUtils.createFloat("") reaching Float.valueOf), not
 *         when its message names a number none of the integer arguments is (a computed value),
 *         nor when the method's Javadoc promises another type for bad values (see below) or
 *         answers invalid input by its result (see below);
 *         nor one a class other than the called one throws while the called method's Javadoc
 *         promises another type for bad values, an index or argument exception or a report
 *         type of the library's own (gson's Gson.fromJson promises JsonSyntaxException and
 *         lets JsonReader's NumberFormatException out for a double: a bug);
 *       - an index or null check the library wrote: an IndexOutOfBoundsException or
 *         StringIndexOutOfBoundsException that library code creates (not the JVM's
 *         ArrayIndexOutOfBoundsException) or that Objects.checkIndex, checkFromToIndex or
 *         checkFromIndexSize throws for a library frame calling it, on an index or range
 *         naming an integer argument (BufferRecycler's slot number), a NullPointerException
 *         that library code or
 *         Objects.requireNonNull creates (not the JVM's, with its "Cannot ..." message);
 *       - any RuntimeException of a method called on an object whose maker's Javadoc says it
 *         is not for direct use (jackson-core's CharsToNameCanonicalizer.createRoot: "Root
 *         instance is never used directly"), the receiver by identity, or failing in its
 *         own code under the call when every object of its class the caller made is such;
 *       - any RuntimeException thrown by one of the library's validate*, check* or require*
 *         helpers on the way from the call (commons-text's validateIndex), the innermost frame
 *         of the library's (not a failure deeper in code a checkToken reaches);
 *       - an IllegalArgumentException or ArithmeticException the JDK throws (or a
 *         NullPointerException it throws itself, not the JVM's "Cannot ..." fault:
 *         ConcurrentHashMap refusing a null value an initializer the caller gave returned; or
 *         Collectors.toMap's IllegalStateException on a repeated key: a map whose values
 *         repeat, inverted), when a JDK method
 *         rejects what the call passed on through the library's own methods only (Charset.forName under a toCharset helper),
 *         its message names no number but the integer arguments, and the method's Javadoc
 *         documents no other type for bad values, an index exception or another kind of
 *         IllegalArgumentException (StringUtils.join promises an
 *         ArrayIndexOutOfBoundsException, so Stream.skip's IllegalArgumentException is a bug;
 *         the same holds for one handed straight to the JDK, below); not for a method whose
 *         Javadoc @return answers invalid input by the result (documented.txt's "~":
 *         commons-validator's "The parsed value if valid or null if invalid", "true if the
 *         value is valid") and that takes
 *         one String, the value it judges, unless the message names another value of the
 *         caller's (a style the validator was built with): BigDecimalValidator.validate("NaN")
 *         passing the double NaN it parsed to BigDecimal.valueOf is its bug;
 *       - an InaccessibleObjectException from the JDK: reflection into a JDK class the module
 *         system keeps closed, on a member the caller picked (CompareToBuilder.reflectionCompare
 *         on a String, a member named by a String argument), a limit of the platform; not on
 *         one the library picked itself, which fails for every caller;
 *       - a NullPointerException, IllegalArgumentException or WrongMethodTypeException the
 *         JDK's reflection or method handles throw before the member runs (an instance method
 *         invoked without a receiver, wrong arguments, a method with parameters as a
 *         Supplier), when the call takes the member's name (a String) or a Method,
 *         Constructor or Field: MethodUtils.invokeStaticMethod(cls, "name") on an instance
 *         method, MethodInvokers.asSupplier(method); not when the library chose the member;
 *       - an ArithmeticException the library throws itself (its overflow or range check:
 *         Fraction.negate of Integer.MIN_VALUE), every frame up to the call its own; not the
 *         JVM's "/ by zero", a division the method did not guard;
 *       - the JVM's "/ by zero" under the call, every frame up to it the library's or the
 *         JDK's, when an integer argument of the call or of a set-up call of the run is 0 and
 *         the call's are not past 2^30 on both sides (a range that overflows): a division by the caller's zero
 *         (Duration.dividedBy(0), a unit of 0 ms configured), or when a set-up call was given
 *         an empty array or collection (weights of none, whose length the library divides
 *         by: ModulusTenCheckDigit(new int[0])); an empty array given to the method itself
 *         stays its bug (a mean of no values);
 *       - an IllegalStateException the library throws itself in an instance method (the call's
 *         or that of an object the call was given), every frame up to the call its own, or
 *         the JDK's I/O plumbing passing the call on to a method of the called class's line (a
 *         FilterOutputStream.write, a Files.copy into the library's stream; not a forEach of
 *         the JDK's collections): a state check (the call came in an order the object
 *         refuses; a static method has no state, its IllegalStateException is a bug, unless its class keeps mutable static state: a
 *         static builder, OptionBuilder.create()); likewise one a JDK object throws under an
 *         instance method whose class holds a field of that object's type (a stream the
 *         receiver wraps, used up by an earlier call), not one the method made itself (an
 *         iterator it removes from twice);
 *       - an IndexOutOfBoundsException the JDK throws right under the called method (or the
 *         JVM's ArrayIndexOutOfBoundsException anywhere in the library under it), whose
 *         message names one of the integer arguments the driver passed (charAt(i) with the
 *         caller's i); one on an index the method computed is a bug (WordUtils.wrap);
 *       - an IndexOutOfBoundsException (any kind, anywhere in the library, the JDK or a
 *         dependency outside the packages under test under the call: xz's range check under
 *         commons-compress) when a position argument, read by its parameter name (an index,
 *         start, offset, from or ...Pos; an end, to or limit; a length or count beside an
 *         index), is outside every
 *         sequence the call was given: negative, an index at or past the end of the longest
 *         String, CharSequence, array or collection among the arguments and the receiver, an
 *         end past it, or an index plus a length past it (isMatch(buffer, pos, ...) with pos
 *         past the buffer, translate("", 0, out)). Without a sequence, only a negative one;
 *         a length without an index beside it is no position (appendPadding(length, c));
 *       - an index fault (the JVM's array bounds check, or the JDK's on a String) in the called
 *         method itself at the first or second position, while a table it was given (an array
 *         of arrays or a map: tables(), setupTables()) has a row, key or value that short (an
 *         empty row, a row of one, an empty key: LookupTranslator's CharSequence[*][2]); a
 *         flat array of Strings is no table (charAt(0) on an empty word is a bug);
 *       - an index fault ("Index i out of bounds for length n", a list's or an array's) under
 *         the call, every frame up to it the library's or the JDK's, when one call of the run
 *         (the method's, or a set-up call building its receiver or an argument) was given two
 *         or more arrays of objects or collections that do not line up (not arrays of
 *         primitives: buffers, judged as outputs above): one of length n, another argument
 *         (or a row of it) longer than i (TableDefinition.from with fewer headers than column
 *         styles, a row shorter than the others); sequences of one length, or a read past the
 *         longest, stay the method's bound. (Which sequence was read is not known: an
 *         off-by-one on the shorter of two unequal sequences is judged contract too.)
 *       - an index fault (not a String's) on a sequence argument of the call (the length the
 *         fault names is one it was given with, or none is named: subList's "toIndex = 9"),
 *         while an object handed to the call (the receiver, or one the helpers built, and the
 *         library's objects inside them) holds a position (an integer field named position,
 *         index, offset, start..., ...End) past that sequence's end, or starting a region
 *         past it (the position plus the length of a list it holds), and the index lies
 *         between the end and that position or the region's end, or holds the negative position read
 *         (-1 only when the caller gave a set-up call -1): the caller paired an object with a sequence it does not describe
 *         (java-diff-utils' Patch.restore(list) of a patch made from other lists; a Chunk
 *         built at -88, verified against a list) (unfitPositions);
 *       - a NegativeArraySizeException or OutOfMemoryError from an allocation the caller sized
 *         (the message names an integer argument, or an OutOfMemoryError with an integer
 *         argument of 2^24 or more: a capacity of a billion; or a negative size that is an
 *         argument near Integer.MAX_VALUE plus a few slots, wrapped: new String[index + 1]);
 *       - an array the drivers' default allocation limit (64 MB, for speed) refused that is
 *         under libFuzzer's default limit of 2048 MB (xz's LZMA2 encoder at its default preset
 *         needs 64 MB), also in a method whose Javadoc promises no exception: the run's budget,
 *         not the method; with --malloc-limit-mb given, every array over it stays a finding
 *         (overBudget);
 *       - an invalid code point that java.lang.Character rejects anywhere under the call, when
 *         it is one of the integer arguments, or the call has none and takes an int[], an
 *         Integer[] or a collection or map of Integers (AlphabetConverter's map of code points;
 *         not one it decoded from text: unescapeHtml4("&#1114112;")), or it is an integer of
 *         a set-up call or an element of an int array given to one (snakeyaml's
 *         ReaderException of code point -1, a Mark over an int[] of code points);
 *       - the JVM's array fault in the library's code at an index that is a value the caller
 *         chose: an integer of a set-up call (a Mark's pointer past its buffer), an element of
 *         an int, long or short array given to the call or a set-up call (joda-time's month 0
 *         or 13 reading a table of 12 at month - 1), or that value less one; small
 *         coincidences are left bugs (callersIndex: a capacity the caller set, indexed at by
 *         the library's off-by-one, is one);
 *       - an UncheckedIOException raised while the call consumed an object the caller built
 *         and handed over as an argument (of a parameter's type; never the receiver) (a
 *         stream of a file's lines, the records of a parser over the caller's text), every
 *         frame from the throw out to that object's own the JDK's, a dependency's or of an
 *         object the caller built (or a class nested in one), none of the called class's or
 *         its superclasses': the caller's source failed, not the method
 *         (CSVPrinter.printRecords(stream));
 *       - an UnsupportedOperationException the called method throws itself, or a constructor
 *         of its library under it (a refusal of what it was given: opencsv's CSVParser
 *         refusing a NUL separator its builder's build() passes on), or that a method
 *         of a class of the library's named for refusing throws (Unsupported*: joda-time's
 *         UnsupportedDurationField, the duration of an era), past its helpers named for it
 *         (unsupported()); not a read-only view the library made and writes to; or that a
 *         helper named for it (_reportUnsupportedOperation) throws, called by methods of its
 *         own class only, straight under the call (an empty read context the parser hands a
 *         readTree to);
 *       - an index fault past the room after an offset the caller gave into its array, in a
 *         method that never measures its arrays (noRoomAfter: NumberOutput.outputLong(v, b,
 *         off)), whether the JVM finds it, a VarHandle view of a byte[] (XJBWriter.setShort)
 *         or String.getChars and System.arraycopy copying into it; an index fault in the code
 *         of a class the caller built over positions outside the array it gave, or over an
 *         output buffer (outputBuffer, dest) of under 1,024 elements given to its constructor,
 *         past the end of an array of that length (builtOutsideSpan: a generator given a
 *         byte[0] to write to);
 *       - the JVM's array fault past the end of an array of the length of one the caller gave,
 *         or System.arraycopy's into or out of it, with only record readers between the call
 *         and the fault (fixedRecord: methods that take a byte[], at a source line before any
 *         that reads an array's length (source order, not control flow), reading or writing a
 *         binary record of fixed layout: a tar header shorter
 *         than 512 bytes given to new TarArchiveEntry(header) or to writeEntryHeader, which
 *         measures it only to pad the rest; not the first byte of an empty array read by a
 *         method that measures it further on);
 *       - a RuntimeException of the JDK's outside java.lang, java.util and java.nio (a DOMException)
 *         thrown by a JDK object the caller built and handed over, in its own method (a W3C
 *         Document that already has its root element, given to jsoup's W3CDom.convert);
 *       - an IllegalArgumentException or IllegalStateException of the called library's own
 *         type (jsoup's ValidationException and SelectorParseException), thrown by its code,
 *         every frame up to the call the
 *         library's or the JDK's: how the library reports what it refuses; not a type named
 *         for an internal failure (an assertion, a bug, an unexpected state, a verification),
 *         nor one wrapping a fault of the JVM's (an NPE, an array index, a cast) unless the JDK
 *         made the fault and threw its own exception for it (BigDecimal's constructor) or the
 *         cast is the caller's choice of kind (below); of other types (org.json's
 *         JSONException) also, unless the message owns up to a failure of the library's own
 *         ("internal", "bug", "should never happen") outside a stretch it quotes of the
 *         caller's texts (gson's "Failed parsing 'x.internal.y' as BigInteger");
 *       - any RuntimeException but the JVM's faults of a precondition helper called directly
 *         (jsoup's Validate.wtf: it exists to throw), or of a method named for throwing
 *         (throwInternal, _reportError) called directly;
 *       - a NullPointerException of an object used before its set-up, not in the field's own
 *         getter: on a field with a public setter, or one that a method other than a
 *         constructor writes (unsetField); on an array handed on while such an array field is
 *         still null in the object the driver built, or on the null an Object-typed getter of
 *         such a field returns (unsetSlot); deeper under the call, on such a field no
 *         constructor writes, of an object the driver built and handed on, the message naming
 *         the field, its getter, or a local of its name (unsetInBuilt: BcBands over a Segment
 *         never read); on a local or parameter of the invoked type that a set-up field no
 *         constructor writes is named for (its name, or its last camel-case words when the
 *         local has two or more), null in the object, not a link to an object of its own kind
 *         (unsetSlot: opencsv's recursiveTypeTree handed to a helper as typeTree);
 *       - a NoSuchElementException from a JDK collection's pop, remove or get right under a
 *         called method named pop... (NamespaceBindings.popScope on an empty stack), or a
 *         list's IndexOutOfBoundsException of index -1 in length 0 there (remove(size() - 1));
 *       - the JVM's ArrayIndexOutOfBoundsException just past the end of an array argument, in
 *         the called method itself, on a line that writes a constant index of an array
 *         parameter and reads no array element or field, in a method that comes by no array of
 *         its own (allocating, copying, casting, a getter, an array field): the caller's output
 *         array too short,
 *         whatever its name (Entities.codepointsForName(name, int[] codepoints)); an array
 *         named for output (out, dest, ...) anywhere in the library;
 *       - a NoSuchElementException from next()/previous()/nextElement() of an Iterator or
 *         Enumeration (exhaustion), one that carries no cause (opencsv's CSVIterator passing a
 *         malformed record out as one, while hasNext() said there was a record, is a bug);
 *       - a plain RuntimeException the library throws around an exception of its own type,
 *         checked or not (opencsv's CsvMalformedLineException out of an iterator): its report
 *         made unchecked; not around one of the JDK's, one named for an internal failure, one
 *         a JVM fault caused, or when either message owns up to a failure of the library's;
 *       - a ClassCastException in the called method itself when it takes an Object parameter;
 *         or one under the call from an object the caller built to a sibling class of the
 *         library's, both under a library type the call takes (a scalar constructor's
 *         construct(Node) handed a MappingNode: the caller chose a kind it does not handle);
 *       - a ClassCastException in a compiler-generated bridge method (a driver built from an
 *         erased signature passed the erased type);
 *       - a ClassCastException of a value of exactly the class an object the driver built
 *         holds in an Object-typed set-up field (a BSPTree's String attribute cast to the
 *         Boolean a region's leaf must carry): the caller's, as a cast of an Object parameter;
 *       - a regex-injection report whose invalid pattern is one of the String arguments the
 *         driver passed: a method that takes a regular expression (WordUtils.wrap's wrapOn),
 *         or one of them followed by the end of another, nothing of the library's in between
 *         (IBANValidator.Validator's country code + the rest of the caller's regex);
 *         likewise a reflective-call report on a class that one of them names, alone or with
 *         a member after it, also after a lookup's "prefix:": a method that loads the class
 *         it is given (a constant lookup's "const:com.x.Constants.NAME"); or one that ends with
 *         ':' and it (a lookup key "UTF-8:path"); or one that holds it inside (a template
 *         "${dns:host}"; CharSequence and Object arguments count with their text) when the
 *         innermost frame in the packages under test is a method of an object the driver built (a
 *         DnsStringLookup from the library's factory, handed to a StringSubstitutor: the
 *         caller chose the capability; not a lookup the library made itself, Text4Shell's);
 *         a deserialization report under a method that exists to deserialize what it is
 *         given ("deserialize" in its name, a byte[], InputStream or ObjectInput parameter:
 *         SerializationUtils.deserialize(bytes)); not under one that deserializes on its own
 *         account (a load(bytes));
 *         likewise a server-side-request-forgery or file-path-traversal report on a host or
 *         path that is one of them: a method that connects to the host or opens the path it is
 *         given (commons-text's DnsStringLookup); any of these four on a String a set-up call
 *         of the run was given, under a method of an object the driver built (the caller
 *         configured it with the pattern: opencsv's
 *         MustMatchRegexExpression.setParameterString); "inside" a text counts from three
 *         characters (a quote character compiled as a pattern is no template's);
 *       - an IllegalFormatException from java.util.Formatter, every frame up to the call the
 *         library's or the JDK's, when a String argument holds a format specifier (a method
 *         that takes a format string: TextStringBuilder.append(String, Object...)); likewise
 *         java.util.regex.Matcher rejecting a replacement string with a '$' in it
 *         (RegExUtils.replaceAll's replacement);
 *   - a bug: everything else.
 * A run stopped past --timeout is sorted by stalled(): the contract when the method waits for
 * as long as the caller asked, or was given an integer of 2^24 or more. Its throwing site is
 * the loop it is stuck in (stallSite, from the frames the watchdog's samples share).
 * System properties: jvmfuzz.findings.include / .exclude (comma-separated class names, from
 * --findings-include/--findings-exclude) make a type (and subclasses) always a bug, or never
 * reported; jvmfuzz.strict (--strict) makes every contract a bug.
 *
 * Findings are told apart by exception type and throwing site (the innermost frame outside
 * the JDK), whatever the caller: the site and, per site, the callers and inputs that reached
 * it are kept here (sites()). Contract exceptions are reported once per site.
 *
 * A run starts with the thread's interrupt status cleared (begin): a status one run leaves
 * must not fail the next run's waits. Only the first dispatcher registers (the solver's trace
 * copy of it, from another class loader, keeps the run's loader, statistics and sites).
 *
 * It also keeps per-driver-method statistics: runs, runs that ended in set-up (the exception
 * came from a constructor, factory or modifier rather than the method under test), runs that
 * reached the method under test, and driver defects.
 */
package com.jvmfuzz.shim.driver;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class Expected {
    private Expected() {}

    public static volatile boolean active;
    private static String[] muts = new String[0];
    private static long[] runs = new long[0];
    private static long[] setupFailed = new long[0];
    private static long[] reached = new long[0];
    private static long[] defects = new long[0];
    /* Executors, timers and threads the method's runs left running (see Leftovers). */
    private static long[] leftovers = new long[0];
    /* The integer and String arguments of the current call of the method under test. */
    private static long[] intArgs = new long[0];
    private static String[] stringArgs = new String[0];
    /* The position arguments of the current call (see positions()), their kinds and names
     * ("i:start e:end l:length s:length"), the length of the longest sequence it was given
     * and of the longest array among them (-1: none). */
    private static long[] positionArgs = new long[0];
    private static String positionNames = "";
    private static long longestSequence = -1;
    private static long longestArray = -1;
    /* Per "exception@site": [inputs, contract?1:0] and the methods under test that reached it. */
    private static final Map<String, long[]> SITE_COUNTS = new HashMap<>();
    private static final Map<String, java.util.Set<String>> SITE_CALLERS = new HashMap<>();
    private static final boolean STRICT = Boolean.getBoolean("jvmfuzz.strict");
    /** classify: nothing to report. */
    public static final String QUIET = "";
    private static int current = -1;
    private static ClassLoader loader;
    /* The packages of the methods under test, and those methods ("class::method"). */
    private static java.util.Set<String> packages = new java.util.HashSet<>();
    private static java.util.Set<String> underTest = new java.util.HashSet<>();

    private static final String[] INCLUDE = list("jvmfuzz.findings.include");
    private static final String[] EXCLUDE = list("jvmfuzz.findings.exclude");
    private static final Map<String, Class<?>[]> DECLARED = new HashMap<>();
    /* Per "class::method", per Javadoc @throws name: its candidate class names. */
    /* Methods ("class::method") whose Javadoc says they do not throw. */
    private static final java.util.Set<String> NO_THROW = new java.util.HashSet<>();
    /* Methods whose Javadoc says their input is not checked (the same table: "?"). */
    private static final java.util.Set<String> UNCHECKED = new java.util.HashSet<>();
    /* Makers (class::method, class::<init>) whose Javadoc says what they make is not for direct
     * use (documented.txt's "-"). */
    private static final java.util.Set<String> NOT_DIRECT = new java.util.HashSet<>();
    /* Methods whose Javadoc @return answers invalid input by the result, null or false
     * (documented.txt's "~"). */
    private static final java.util.Set<String> REPORTS_INVALID = new java.util.HashSet<>();
    private static final Map<String, List<String[]>> DOCUMENTED_NAMES =
            readDocumented(System.getProperty("jvmfuzz.documented"));
    private static final Map<String, Class<?>[]> DOCUMENTED = new HashMap<>();
    /* Per "class::method": what the JDK types it overrides document, "type@jdk.Class". */
    private static final Map<String, String[]> JDK_DOCUMENTED = new HashMap<>();
    /* Per "binary.Class field": the methods other than constructors that write it (set-up fields). */
    private static final Map<String, String[]> SET_UP = readSetUp(System.getProperty("jvmfuzz.setupFields"));

    /* The record readers (fuzzer/src/drivers/record_readers.rs), "binary.Class::method" to
     * the source lines only that overload has, one list per overload. */
    private static final Map<String, List<RecordLines>> RECORD_READERS =
            readRecordReaders(System.getProperty("jvmfuzz.recordReaders"));

    private static String[] list(String property) {
        String v = System.getProperty(property, "").trim();
        return v.isEmpty() ? new String[0] : v.split("\\s*,\\s*");
    }

    /**
     * Called by the generated dispatcher's static initialiser: `methods[i]` is
     * "binary.ClassName::method" of driver method i's method under test.
     */
    public static synchronized void register(Class<?> dispatcher, String[] methods) {
        if (registered != null && registered.getName().equals(dispatcher.getName())
                && registered.getClassLoader() != dispatcher.getClassLoader()) {
            // The solver's trace copy of the same dispatcher (a second loader): the run's
            // classes, statistics and sites stay the first one's. Taking its loader would load
            // the library's exception types a second time, and an exception the fuzzed copy
            // throws would be an instance of none of them (no declared or documented type).
            return;
        }
        registered = dispatcher;
        loader = dispatcher.getClassLoader();
        muts = methods.clone();
        packages = new java.util.HashSet<>();
        underTest = new java.util.HashSet<>(java.util.Arrays.asList(methods));
        for (String m : methods) {
            packages.add(packageOf(m.substring(0, Math.max(0, m.indexOf("::")))));
        }
        root = commonRoot(packages);
        runs = new long[methods.length];
        setupFailed = new long[methods.length];
        reached = new long[methods.length];
        defects = new long[methods.length];
        leftovers = new long[methods.length];
        active = true;
        com.jvmfuzz.shim.fuzz.Observed.enabled = true;
    }

    private static Class<?> registered;

    /* Whether the current driver method has reached its call of the method under test: an
     * exception before it is a set-up failure, one after it the method's, whatever class the
     * call dispatched to (an interface's private implementation, a subclass's override). */
    private static boolean atCall;

    /** Called by a driver just before the call of the method under test (its arguments are built). */
    public static void call() {
        atCall = true;
    }

    /** Called by the dispatcher before driver method i runs. */
    public static void begin(int i) {
        // A run starts uninterrupted: a method that interrupts its own thread (restoring a
        // status it caught) must not make the next run's waits fail (a Future.get's
        // InterruptedException is no finding of the method that waits).
        Thread.interrupted();
        // What the last run's static setter changed goes back first (Statics).
        Statics.restore();
        int stalled = stalledIn;
        if (stalled >= 0) {
            // Counted here, on the harness thread that owns the counters (stalled() runs on
            // the watchdog's).
            stalledIn = -1;
            if (stalled < defects.length) {
                defects[stalled]++;
            }
        }
        if (Leftovers.pending()) {
            int left = Leftovers.stopAll();
            if (current >= 0 && current < leftovers.length) {
                leftovers[current] += left;
            }
        }
        current = i;
        atCall = false;
        tableArgs = NO_OBJECTS;
        setupTableArgs = NO_OBJECTS;
        textArgs = NO_OBJECTS;
        setupTextArgs = NO_OBJECTS;
        outputArgs = NO_OBJECTS;
        storeArrays = NO_OBJECTS;
        java.util.Arrays.fill(configuredStrings, 0, configuredStringCount, null);
        configuredStringCount = 0;
        java.util.Arrays.fill(builtObjects, 0, builtCount, null);
        java.util.Arrays.fill(builtBornNull, 0, builtCount, 0L);
        receiver = null;
        builtCount = 0;
        builtNext = 0;
        intArgs = NO_ARGS;
        setupIntArgs = NO_ARGS;
        stalledSetupIntArgs = NO_ARGS;
        setupStringArgs = NO_STRINGS;
        stringArgs = NO_STRINGS;
        positionArgs = NO_ARGS;
        positionNames = "";
        uncheckedRoom = false;
        longestSequence = -1;
        longestArray = -1;
        configuredCount = 0;
        badSpanCount = 0;
        java.util.Arrays.fill(valueArrays, 0, valueArrayCount, null);
        valueArrayCount = 0;
        sequenceGroupCount = 0;
        callSequenceCount = 0;
        configuredEmpty = false;
        describedArgs = NO_OBJECTS;
        readCount = 0;
        java.util.Arrays.fill(made, 0, madeCount, null);
        madeCount = 0;
        if (i >= 0 && i < runs.length) {
            runs[i]++;
        }
    }

    private static final long[] NO_ARGS = new long[0];
    private static final String[] NO_STRINGS = new String[0];
    private static final Object[] NO_OBJECTS = new Object[0];

    /* The table arguments (arrays of arrays, maps) of the current call: see tables(). */
    private static Object[] tableArgs = NO_OBJECTS;

    /**
     * Called by a driver just before the call of the method under test, when it takes an array
     * of arrays or a map: those arguments (see tableShape).
     */
    public static void tables(Object[] values) {
        tableArgs = values;
    }

    /* The arrays of primitives and the library objects beside them of the method's call or a
     * set-up call building its receiver or an argument (the last such call): see describedTwice. */
    private static Object[] describedArgs = NO_OBJECTS;

    /**
     * Called by a driver just before a call that takes an array of primitives beside an object
     * of a library's (joda-time's getMaximumValue(ReadablePartial, int[])), with the depth of
     * what the call builds: those arguments, kept as given (measured only when a run fails).
     */
    public static void described(int depth, Object[] values) {
        if (depth == 0) {
            describedArgs = values;
        }
    }

    /*
     * An index past the end of an array of primitives the call was given, while an object
     * given beside it has more elements than that index (its size()): the array describes
     * that object (the values of a partial's fields), and the caller gave fewer values than the
     * object has elements. Not when no such object is larger (an off-by-one past both stays a
     * bug). Measured after the failure: size() is the library's own code.
     */
    static String describedTwice(Throwable t, StackTraceElement[] st, int k) {
        if (describedArgs.length == 0 || !(t instanceof ArrayIndexOutOfBoundsException) || !inLibraryOrJdk(st, 0, k)) {
            return null;
        }
        long[] at = pastEnd(t);
        if (at == null) {
            return null;
        }
        long index = at[0];
        long length = at[1];
        boolean given = false;
        for (Object v : describedArgs) {
            if (v != null && v.getClass().isArray() && v.getClass().getComponentType().isPrimitive()
                    && java.lang.reflect.Array.getLength(v) == length) {
                given = true;
            }
        }
        if (!given) {
            return null;
        }
        for (Object v : describedArgs) {
            if (v == null || v.getClass().isArray()) {
                continue;
            }
            try {
                java.lang.reflect.Method size = v.getClass().getMethod("size");
                Object n = size.getReturnType() == int.class ? size.invoke(v) : null;
                if (n instanceof Integer && (Integer) n > index) {
                    return "values that do not line up: an array of " + length + " given for the " + n + " elements of the "
                            + v.getClass().getName();
                }
            } catch (ReflectiveOperationException | RuntimeException | LinkageError none) {
                // no size() to compare
            }
        }
        return null;
    }

    /*
     * The lengths of the sequence arguments (arrays, collections, and the rows of a collection
     * or array of them) of each call this run made that took two or more and built the method's
     * receiver or an argument (or was the method's own call): one group per call (the first
     * 16), measured when given, each length with the position of the argument it belongs to.
     */
    private static final long[][] sequenceGroups = new long[16][];
    private static final int[][] sequenceOwners = new int[16][];
    private static int sequenceGroupCount;

    /**
     * Called by a driver just before a call that takes two or more arrays or collections (the
     * method under test, or a set-up call: TableDefinition.from(caption, styles, headers, rows)),
     * with the depth of what the call builds (0: the receiver or an argument of the method under
     * test; deeper calls are not recorded): those arguments (see unequalSequences).
     */
    public static void sequences(int depth, Object[] values) {
        if (depth != 0 || sequenceGroupCount >= sequenceGroups.length) {
            return;
        }
        long[] lengths = new long[64];
        int[] owners = new int[64];
        int n = 0;
        for (int a = 0; a < values.length; a++) {
            Object v = values[a];
            boolean buffer = v != null && v.getClass().isArray() && v.getClass().getComponentType().isPrimitive();
            long len = buffer || v instanceof java.util.Collection && !v.getClass().getName().startsWith("java.") ? -1 : lengthOf(v);
            if (len < 0 || n == lengths.length) {
                continue;
            }
            owners[n] = a;
            lengths[n++] = len;
            // The rows of the JDK's collections and of arrays only: iterating a collection of
            // the library's could run its code before the call.
            Iterable<?> rows = v instanceof java.util.Collection && v.getClass().getName().startsWith("java.")
                    ? (java.util.Collection<?>) v
                    : v instanceof Object[] ? java.util.Arrays.asList((Object[]) v) : null;
            if (rows == null) {
                continue;
            }
            try {
                for (Object row : rows) {
                    if (n == lengths.length) {
                        break;
                    }
                    boolean sequence = row != null && (row.getClass().isArray()
                            || row instanceof java.util.Collection && row.getClass().getName().startsWith("java."));
                    if (sequence) {
                        owners[n] = a;
                        lengths[n++] = lengthOf(row);
                    }
                }
            } catch (RuntimeException changing) {
                // a collection that cannot be iterated tells no more
            }
        }
        sequenceOwners[sequenceGroupCount] = java.util.Arrays.copyOf(owners, n);
        sequenceGroups[sequenceGroupCount++] = java.util.Arrays.copyOf(lengths, n);
    }

    /* The lengths of the sequence arguments (arrays of objects, the JDK's collections) of the
     * method under test, taken when given (the first 8): see unfitPositions. */
    private static final long[] callSequenceLengths = new long[8];
    private static int callSequenceCount;

    /**
     * Called by a driver just before the call of the method under test, when it takes arrays
     * of objects or collections: those arguments, measured now (the call may change them).
     */
    public static void callSequences(Object[] values) {
        callSequenceCount = 0;
        for (Object v : values) {
            // Not a collection of the library's: its size() would run its code before the call.
            boolean own = v instanceof java.util.Collection && !v.getClass().getName().startsWith("java.");
            long n = own ? -1 : lengthOf(v);
            if (n >= 0 && callSequenceCount < callSequenceLengths.length) {
                callSequenceLengths[callSequenceCount++] = n;
            }
        }
    }

    /* A set-up call of this run was given an empty array or collection (setupSizes). */
    private static boolean configuredEmpty;

    /**
     * Called by an instance helper just before a set-up call that takes arrays or collections:
     * those arguments. An empty one is a size of zero the caller configured its object with
     * (new ModulusTenCheckDigit(new int[0]), whose weights' length is a divisor): see
     * callersZero.
     */
    public static void setupSizes(Object[] values) {
        for (Object v : values) {
            boolean own = v instanceof java.util.Collection && !v.getClass().getName().startsWith("java.");
            configuredEmpty |= !own && lengthOf(v) == 0;
        }
    }

    /* The table arguments of the latest set-up call (see setupArgs). */
    private static Object[] setupTableArgs = NO_OBJECTS;

    /** Called by an instance helper just before a set-up call: its table arguments. */
    public static void setupTables(Object[] values) {
        setupTableArgs = values;
    }

    /** Called by a driver just before the call of the method under test: its String arguments. */
    public static void strings(String[] values) {
        stringArgs = values;
    }

    /* The CharSequence, char[] and Object arguments of the current call: see texts(). */
    private static Object[] textArgs = NO_OBJECTS;

    /**
     * Called by a driver just before the call of the method under test, when it has
     * CharSequence, char[] or Object parameters: their text where they hold one (replace(Object
     * source) given a String). Only the detector rules read them (a host or path inside a
     * text the caller passed).
     */
    public static void texts(Object[] values) {
        textArgs = textsAsGiven(values);
    }

    /*
     * Kept as given (their text is read only when a detector report is judged), but for the
     * mutable ones, which the method may write into: what the caller gave is their text now.
     */
    private static Object[] textsAsGiven(Object[] values) {
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v instanceof char[]) {
                values[i] = new String((char[]) v);
            } else if (v instanceof StringBuilder || v instanceof StringBuffer) {
                values[i] = v.toString();
            }
        }
        return values;
    }

    /* The output array arguments of the current call (see outputs()). */
    private static Object[] outputArgs = NO_OBJECTS;

    /**
     * Called by a driver just before the call of the method under test, when it has array
     * parameters named as outputs (out, dest, target): those arrays.
     */
    public static void outputs(Object[] values) {
        outputArgs = values;
    }

    /*
     * The lines of the method under test that write a fixed element of an array parameter
     * and read none, in a method that comes by no array of its own (the driver generator's
     * classes::store_only_lines), and its array arguments, whatever their names.
     */
    private static int[] storeLines = new int[0];
    private static Object[] storeArrays = NO_OBJECTS;

    /** Called by a driver just before the call: see storeLines. */
    public static void stores(int[] lines, Object[] arrays) {
        storeLines = lines;
        storeArrays = arrays;
    }

    /** Called by a driver just before the call of the method under test: its integer arguments. */
    public static void args(long[] values) {
        intArgs = values;
    }

    /**
     * Called by a driver just before the call of the method under test, when some integer
     * parameters are named as positions: their values, their kinds and names ("i:start l:len",
     * i an index, e an end, l a length), and the call's arguments and receiver that may be the
     * sequence they index (their lengths are taken now, before the call changes them).
     */
    public static void positions(long[] values, String names, Object... sequences) {
        positionArgs = values;
        positionNames = names;
        long longest = -1;
        long array = -1;
        long[] lengths = sequenceLengths.length == sequences.length ? sequenceLengths : new long[sequences.length];
        for (int i = 0; i < sequences.length; i++) {
            Object o = sequences[i];
            lengths[i] = lengthOf(o);
            longest = Math.max(longest, lengths[i]);
            if (o != null && o.getClass().isArray()) {
                array = Math.max(array, lengths[i]);
            }
        }
        sequenceLengths = lengths;
        longestSequence = longest;
        longestArray = array;
    }

    /* The method under test never reads the length of its array parameters (noRoomAfter). */
    private static boolean uncheckedRoom;

    /**
     * Called by a driver after positions() when the method under test takes an offset into an
     * array whose length it never reads itself: the room after the offset is the caller's to
     * give (noRoomAfter).
     */
    public static void uncheckedRoom() {
        uncheckedRoom = true;
    }

    /* The length of each sequence positions() was given, in its order ("@N" in a name). */
    private static long[] sequenceLengths = new long[0];

    /* The length of a String, CharSequence, array or collection; -1 for anything else. */
    static long lengthOf(Object o) {
        try {
            if (o instanceof CharSequence) {
                return ((CharSequence) o).length();
            }
            if (o != null && o.getClass().isArray()) {
                return java.lang.reflect.Array.getLength(o);
            }
            if (o instanceof java.util.Collection) {
                return ((java.util.Collection<?>) o).size();
            }
        } catch (Throwable broken) {
            // A receiver whose length() fails tells nothing.
        }
        return -1;
    }

    /* The integer arguments of the latest set-up call (a constructor or factory building an
     * argument or the receiver): a set-up call that fails is judged with them. */
    private static long[] setupIntArgs = new long[0];

    /**
     * Called by an instance helper just before a set-up call, and by a driver just before a
     * step of its method sequence (a setter, or a public field it writes: HelpFormatter's
     * defaultLeftPad): its integer arguments.
     */
    public static void setupArgs(long[] values) {
        setupIntArgs = values;
        for (long v : values) {
            if (configuredCount < configured.length) {
                configured[configuredCount++] = v;
            }
        }
    }

    /* The integers of the latest set-up call that took any, kept past its end for stalled():
     * the watchdog judges a stall on its own thread, after it sampled the stack, and a
     * constructor that ran for seconds on a huge count may have returned (and built() cleared
     * setupIntArgs) in between. */
    private static long[] stalledSetupIntArgs = new long[0];

    /* The String arguments of the latest set-up call (see setupArgs). */
    private static String[] setupStringArgs = new String[0];

    /** Called by an instance helper just before a set-up call: its String arguments. */
    public static void setupStrings(String[] values) {
        setupStringArgs = values;
        for (String v : values) {
            if (v != null && configuredStringCount < configuredStrings.length) {
                configuredStrings[configuredStringCount++] = v;
            }
        }
    }

    /* The text-holding arguments of the latest set-up call (see texts()). */
    private static Object[] setupTextArgs = NO_OBJECTS;

    /**
     * Called by an instance helper just before a set-up call that takes texts other than
     * Strings (an array or list of Strings, a CharSequence, URLs): as texts() for the method
     * under test. A set-up call failing on them is judged with them (a constructor compiling
     * each pattern of the String[] it is given), and the Strings they hold are what the caller
     * configured its object with (configuredWith).
     */
    public static void setupTexts(Object[] values) {
        setupTextArgs = textsAsGiven(values);
        if (configuredStringCount == configuredStrings.length) {
            return;
        }
        for (String v : flatten(NO_STRINGS, setupTextArgs)) {
            if (v != null && configuredStringCount < configuredStrings.length) {
                configuredStrings[configuredStringCount++] = v;
            }
        }
    }

    /* The Strings this run's set-up calls were given (the first 64): what the caller
     * configured its objects with (a pattern, a path, a host), kept past built(). */
    private static final String[] configuredStrings = new String[64];
    private static int configuredStringCount;

    /* value is one of the Strings the run's set-up calls were given. */
    private static boolean configuredWith(String value) {
        for (int i = 0; i < configuredStringCount; i++) {
            if (configuredStrings[i].equals(value)) {
                return true;
            }
        }
        return false;
    }

    /* The integer arguments of every set-up call of this run so far (the first 32): how the
     * caller configured the objects it built (new PhoneticEngine(..., maxPhonemes),
     * setMaxCodeLen(n)). */
    private static final long[] configured = new long[32];
    private static int configuredCount;

    /* The primitive arrays given to the call and to this run's set-up calls (the first 16):
     * buffers whose length the library may index to, and for int, long and short arrays
     * values the caller chose, which the library may use as indexes or code points
     * (joda-time's month values, a Mark's buffer of code points). */
    private static final Object[] valueArrays = new Object[16];
    private static int valueArrayCount;

    /**
     * Called by a driver just before a call (a set-up call or the method under test) that
     * takes primitive arrays: those arguments.
     */
    public static void valueArrays(Object[] arrays) {
        for (Object a : arrays) {
            if (a != null && valueArrayCount < valueArrays.length) {
                valueArrays[valueArrayCount++] = a;
            }
        }
    }

    /* This run's set-up calls that built an object over part of a primitive array with
     * positions outside it (a parser given an end past its buffer): the class the call
     * configured, the array's length, and which position (the first 8). */
    private static final String[] badSpanOwners = new String[8];
    private static final long[] badSpanLengths = new long[8];
    private static final String[] badSpanWhy = new String[8];
    /* The entry is an output buffer (setupOutputs): only a fault past its end counts. */
    private static final boolean[] badSpanOutput = new boolean[8];
    private static int badSpanCount;

    /**
     * Called by a driver just before a set-up call that takes primitive arrays and integers
     * named as positions: the class the call configures, the positions' values and kinds
     * (as for positions(): "i:start e:end", "@N" the array they belong to), and the arrays.
     * Positions outside their array are recorded (builtOutsideSpan).
     */
    public static void setupSpans(String owner, long[] values, String names, Object[] arrays) {
        String[] kinds = names.split(" ");
        for (int a = 0; a < arrays.length && badSpanCount < badSpanOwners.length; a++) {
            long length = lengthOf(arrays[a]);
            if (length < 0) {
                continue;
            }
            String why = null;
            long start = 0;
            for (int pass = 0; pass < 2 && why == null; pass++) {
                for (int i = 0; i < Math.min(kinds.length, values.length) && why == null; i++) {
                    String n = kinds[i];
                    int at = n.indexOf('@');
                    int owned = at < 0 ? (arrays.length == 1 ? 0 : -1) : parseIndex(n.substring(at + 1));
                    if (owned != a || n.length() < 3) {
                        continue;
                    }
                    char kind = n.charAt(0);
                    String name = n.substring(2, at < 0 ? n.length() : at);
                    long v = values[i];
                    if (pass == 0 && (kind == 'i' || kind == 'e') && (v < 0 || v > length)) {
                        why = name + " = " + v;
                    } else if (pass == 0 && kind == 'i') {
                        start = Math.max(start, v);
                    } else if (pass == 1 && (kind == 'l' || kind == 's') && (v < 0 || start + v > length)) {
                        why = name + " = " + v + (start > 0 ? " from " + start : "");
                    }
                }
            }
            if (why != null) {
                badSpanOwners[badSpanCount] = owner;
                badSpanOutput[badSpanCount] = false;
                badSpanLengths[badSpanCount] = length;
                badSpanWhy[badSpanCount] = why + ", outside the array of length " + length + " it gave";
                badSpanCount++;
            }
        }
    }

    /* Output buffers under this many elements starve a writer built over them: a writer's
     * working buffer is kilobytes (jackson-core's generators take 8,000 bytes from their
     * recycler, then copy up to 512 bytes at once after a flush; BufferedOutputStream's is
     * 8,192), so one over less than that overruns it by design. A bigger one overrun is the
     * writer's bug. */
    private static final int SMALL_OUTPUT = 1024;

    /**
     * Called by a driver just before a set-up call that takes primitive arrays named as its
     * output (outputBuffer, dest): the class the call configures and the arrays. A buffer under
     * SMALL_OUTPUT elements is recorded like a span outside its array (builtOutsideSpan): an
     * array access past the end of an array of that length, in the class's code, is the
     * caller's buffer too small for what the object writes. A bigger buffer overrun stays the
     * class's bug. (Judged by length alone: an overrun of an array of the class's own of the
     * same length counts too.)
     */
    public static void setupOutputs(String owner, Object[] arrays) {
        for (Object array : arrays) {
            long length = lengthOf(array);
            if (length < 0 || length >= SMALL_OUTPUT || badSpanCount >= badSpanOwners.length) {
                continue;
            }
            badSpanOwners[badSpanCount] = owner;
            badSpanOutput[badSpanCount] = true;
            badSpanLengths[badSpanCount] = length;
            badSpanWhy[badSpanCount] = "an output buffer of only " + length + " elements";
            badSpanCount++;
        }
    }

    private static int parseIndex(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Called by the dispatcher after the current driver method returned normally. */
    public static void end() {
        int i = current;
        if (i >= 0 && i < reached.length) {
            reached[i]++;
        }
    }

    /** Runs `data` through the dispatcher with recording on; returns the trace. */
    public static String trace(Class<?> dispatcher, byte[] data) {
        TypedValues v = TypedValues.recording(data);
        boolean was = active;
        try {
            java.lang.reflect.Method m = dispatcher.getDeclaredMethod("run", TypedValues.class);
            m.setAccessible(true);
            m.invoke(null, v);
        } catch (Throwable e) {
            // The failure is the point of the replay; the trace up to it is what we need.
        } finally {
            active = was;
            // A detector that fired again during the replay must not be taken for a finding
            // of the next execution.
            com.jvmfuzz.shim.fuzz.Runner.takeHookFinding();
        }
        return v.trace();
    }

    /** Per-method statistics, one line each: "runs setupFailed reached defects leftovers method". */
    public static synchronized String stats() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < muts.length; i++) {
            sb.append(runs[i]).append(' ').append(setupFailed[i]).append(' ').append(reached[i])
                    .append(' ').append(defects[i]).append(' ').append(leftovers[i]).append(' ')
                    .append(muts[i]).append('\n');
        }
        return sb.toString();
    }

    /** Per throwing site, one line each: "inputs callers [+]exception@site" (+: contract). */
    public static synchronized String sites() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, long[]> e : SITE_COUNTS.entrySet()) {
            java.util.Set<String> callers = SITE_CALLERS.get(e.getKey());
            sb.append(e.getValue()[0]).append(' ').append(callers == null ? 0 : callers.size()).append(' ')
                    .append(e.getKey()).append('\n');
        }
        return sb.toString();
    }

    /* "exception@class.method(File:line)", as findings name their top frame, "+" for a contract. */
    private static String siteKey(String exception, StackTraceElement site, boolean contract) {
        String at = site == null ? "?"
                : site.getClassName() + "." + site.getMethodName() + "(" + site.getFileName() + ":"
                        + site.getLineNumber() + ")";
        return (contract ? "+" : "") + exception + "@" + at;
    }

    /** The innermost frame outside the JDK (and jvmfuzz's shim): where the library threw. */
    public static StackTraceElement site(Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        for (StackTraceElement e : st) {
            String c = e.getClassName();
            if (!isJdk(c) && !c.startsWith("com.jvmfuzz.shim.")) {
                return e;
            }
        }
        return st.length > 0 ? st[0] : null;
    }

    /**
     * The throwing site of a run stuck in a loop (Runner.stuckSample): the innermost of the
     * library's frames at or below the loop's frame `loop` (a loop in the JDK's code, a regular
     * expression's, is the library call that started it), as site() is for an exception. A
     * stack with none there (the run moved on while it was sampled) gives its innermost
     * library frame; one with none at all gives null.
     */
    public static StackTraceElement stallSite(StackTraceElement[] st, int loop) {
        for (int from : new int[] {Math.max(loop, 0), 0}) {
            for (int i = from; i < st.length; i++) {
                String c = st[i].getClassName();
                if (!isJdk(c) && !c.startsWith("com.jvmfuzz.shim.") && !isDriverFrame(c)) {
                    return st[i];
                }
            }
        }
        return null;
    }

    /*
     * Counts an input reaching `t`'s site (as a contract or as a bug: the same site can be one
     * caller's contract and another's bug); true the first time.
     */
    private static boolean countSite(Throwable t, boolean contract) {
        return count(siteKey(t.getClass().getName(), site(t), contract), current);
    }

    /** The driver method running now (for a stall, read when the watchdog first samples it). */
    public static int running() {
        return current;
    }

    /**
     * Counts a stall reported at `site` (Runner.timeoutReport) for driver method `method`,
     * keyed as the finding names its top frame (class.method: a loop is no line).
     */
    public static void countStall(StackTraceElement site, boolean contract, int method) {
        if (site != null) {
            count((contract ? "+" : "") + "timeout@" + site.getClassName() + "." + site.getMethodName(), method);
        }
    }

    private static synchronized boolean count(String key, int method) {
        long[] n = SITE_COUNTS.get(key);
        boolean first = n == null;
        if (first) {
            n = new long[1];
            SITE_COUNTS.put(key, n);
            SITE_CALLERS.put(key, new java.util.HashSet<>());
        }
        n[0]++;
        if (method >= 0 && method < muts.length) {
            SITE_CALLERS.get(key).add(muts[method]);
        }
        return first;
    }

    /*
     * The classes of the objects the instance helpers built in this run (builtFrame), the
     * latest 64: an object is built after what it is built from, so the receiver and the
     * arguments are among the last (a jackson-core TextBuffer comes after a dozen factories,
     * constraints and contexts).
     */
    private static final Class<?>[] built = new Class<?>[64];
    /* The objects themselves (unsetSlot reads their set-up fields after a failure). */
    private static final Object[] builtObjects = new Object[64];
    private static int builtCount;
    private static int builtNext;

    /** For instance helpers: the value a set-up call gave, never null (see BuiltNull). */
    public static <T> T built(T value) {
        return built(value, null);
    }

    /* The maker of each built object when its Javadoc says the object is not for direct use
     * (CharsToNameCanonicalizer.createRoot: "Root instance is never used directly"), else null. */
    private static final String[] builtNotDirect = new String[64];

    /** As built(value), with the method or constructor that made it ("class::method"). */
    public static <T> T built(T value, String maker) {
        if (value == null) {
            throw BuiltNull.INSTANCE;
        }
        // The set-up call is over: its integers, Strings and tables are not the next one's (a
        // constructor of a double[][] that reads its first row, after a SymmLQ(0) was built,
        // is not "a bounds check on the argument 0").
        if (setupIntArgs.length > 0) {
            stalledSetupIntArgs = setupIntArgs;
        }
        setupIntArgs = NO_ARGS;
        setupStringArgs = NO_STRINGS;
        setupTableArgs = NO_OBJECTS;
        setupTextArgs = NO_OBJECTS;
        builtObjects[builtNext] = value;
        builtBornNull[builtNext] = bornNull(value);
        built[builtNext] = value.getClass();
        builtNotDirect[builtNext] = maker != null && NOT_DIRECT.contains(maker) ? maker : null;
        builtNext = (builtNext + 1) % built.length;
        builtCount = Math.min(builtCount + 1, built.length);
        return value;
    }

    /* SET_UP's marks after the writers: every constructor writes the field too, or some do. */
    private static final String EVERY_CONSTRUCTOR = "<init>";
    private static final String SOME_CONSTRUCTORS = "<init>?";

    /* A constructor writes the field (every one or some): see set_up_fields.rs. */
    private static boolean constructorWrites(String[] writers) {
        for (String w : writers) {
            if (w.equals(EVERY_CONSTRUCTOR) || w.equals(SOME_CONSTRUCTORS)) {
                return true;
            }
        }
        return false;
    }

    /* Per built object, which of its class's BORN_SET_UP fields were null when it was handed
     * over (bit i for field i): the constructor the caller chose left them. Kept as a mask, as
     * built() runs several times per execution. */
    private static final long[] builtBornNull = new long[64];

    /* Per class, its set-up fields (its own and its superclasses') that only some constructors
     * write (SOME_CONSTRUCTORS), made accessible once: the only ones whose state at build time
     * tells the caller's choice apart. The first 64. */
    private static final Map<Class<?>, java.lang.reflect.Field[]> BORN_SET_UP = new java.util.concurrent.ConcurrentHashMap<>();

    private static java.lang.reflect.Field[] bornSetUp(Class<?> c) {
        return BORN_SET_UP.computeIfAbsent(c, k -> {
            List<java.lang.reflect.Field> out = new ArrayList<>();
            for (Class<?> h = k; h != null && h != Object.class && out.size() < 64; h = h.getSuperclass()) {
                for (java.lang.reflect.Field f : declaredFields(h)) {
                    String[] writers = SET_UP.get(h.getName() + " " + f.getName());
                    if (writers != null && java.util.Arrays.asList(writers).contains(SOME_CONSTRUCTORS)
                            && !java.lang.reflect.Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()
                            && out.size() < 64 && accessible(f)) {
                        out.add(f);
                    }
                }
            }
            return out.toArray(new java.lang.reflect.Field[0]);
        });
    }

    private static boolean accessible(java.lang.reflect.Field f) {
        try {
            f.setAccessible(true);
            return true;
        } catch (RuntimeException inaccessible) {
            return false;
        }
    }

    /* The mask of value's BORN_SET_UP fields that are null now. */
    private static long bornNull(Object value) {
        if (SET_UP.isEmpty()) {
            return 0;
        }
        java.lang.reflect.Field[] fields = bornSetUp(value.getClass());
        long unset = 0;
        for (int i = 0; i < fields.length; i++) {
            try {
                if (fields[i].get(value) == null) {
                    unset |= 1L << i;
                }
            } catch (ReflectiveOperationException | RuntimeException unreadable) {
                // not known to be null
            }
        }
        return unset;
    }

    private static Object receiver;

    /** Called by a driver just before it calls an instance method: the receiver. */
    public static void receiver(Object value) {
        receiver = value;
    }

    /*
     * An object whose maker's Javadoc says it is not for direct use (a root
     * CharsToNameCanonicalizer from createRoot, whose children a parser uses; the root's own
     * symbol table is never set) failing in its own code: what its methods do is the caller's
     * choice. Either it is the receiver of the method under test (by identity: a child made
     * from that root is used as any other object), or the innermost frame of the library runs
     * code of its class and every object of that class the caller made came from such a maker
     * (a root handed to a parser's constructor). Why, else null.
     */
    private static String notForDirectUse(StackTraceElement[] st, int k, String method) {
        Object r = receiver;
        for (int j = 0; r != null && j < builtCount; j++) {
            if (builtObjects[j] == r && builtNotDirect[j] != null) {
                return method + " called on what " + builtNotDirect[j] + " made";
            }
        }
        int i = innermostUnderTest(st, k);
        String maker = null;
        for (int j = 0; i >= 0 && j < builtCount; j++) {
            try {
                if (runsAs(built[j], st[i])) {
                    if (builtNotDirect[j] == null) {
                        return null;
                    }
                    maker = builtNotDirect[j];
                }
            } catch (LinkageError | SecurityException unknown) {
                return null;
            }
        }
        return maker == null ? null : "what " + maker + " made, handed on to " + method + ", fails in its own code";
    }

    /** For instance helpers past the depth bound (see TooDeep). */
    public static RuntimeException tooDeep() {
        return new TooDeep();
    }

    /* A whole thread's stack: it ends where a thread starts (Thread.run, a pool worker's run). */
    static boolean otherThread(StackTraceElement[] st) {
        if (st.length == 0) {
            return false;
        }
        StackTraceElement last = st[st.length - 1];
        String c = last.getClassName();
        return (c.equals("java.lang.Thread") && (last.getMethodName().equals("run")
                        || last.getMethodName().equals("runWith")))
                || (c.equals("java.util.concurrent.ForkJoinWorkerThread") && last.getMethodName().equals("run"));
    }

    /* st with a frame of the method under test ("pkg.Class::method") and a driver frame below it. */
    static StackTraceElement[] underCall(StackTraceElement[] st, String methodUnderTest) {
        int sep = methodUnderTest.indexOf("::");
        String cls = sep < 0 ? methodUnderTest : methodUnderTest.substring(0, sep);
        String name = sep < 0 ? "?" : methodUnderTest.substring(sep + 2);
        StackTraceElement[] out = java.util.Arrays.copyOf(st, st.length + 2);
        out[st.length] = new StackTraceElement(cls, name, null, -1);
        out[st.length + 1] = new StackTraceElement("jvmfuzz.drivers.Dispatch", "run", null, -1);
        return out;
    }

    static boolean isDriverFrame(String cls) {
        return cls.startsWith("jvmfuzz.drivers.") || cls.startsWith("com.jvmfuzz.shim.driver.");
    }

    /**
     * Sorts t (see the class comment): null for a bug, QUIET for nothing to report, else the
     * reason it is the contract of the method under test. Updates the statistics and, for
     * what is reported, the counts of its throwing site; a contract already reported at the
     * same site comes back QUIET.
     */
    public static String classify(Throwable t) {
        if (t == null || !active) {
            return null;
        }
        if (t instanceof TooDeep || t instanceof BuiltNull) {
            if (current >= 0 && current < setupFailed.length) {
                setupFailed[current]++;
            }
            return QUIET;
        }
        StackTraceElement[] st = t.getStackTrace();
        int k = 0;
        while (k < st.length && !isDriverFrame(st[k].getClassName())) {
            k++;
        }
        boolean valid = current >= 0 && current < muts.length;
        if (k == 0) {
            // Thrown by the driver's own code: ours to fix, not the library's.
            if (valid) {
                setupFailed[current]++;
                defects[current]++;
            }
            return QUIET;
        }
        if (k == st.length && valid && atCall && otherThread(st)) {
            // Thrown in a worker thread of the method under test and rethrown as it is in the
            // caller's (opencsv's StatefulBeanToCsv.write(List) with its worker's failure):
            // judged as the method's own, as if it had thrown it through the JDK's pool code.
            st = underCall(st, muts[current]);
            k = st.length - 1;
        } else if (k == st.length && valid && otherThread(st)) {
            // The same from a set-up call, which is not known: a set-up failure, reported by
            // the driver of that call where it is a method under test (write(List) in the
            // method sequence of write(Iterator)'s driver).
            setupFailed[current]++;
            return QUIET;
        }
        if (k == st.length) {
            // No driver frame (a stack cut short by a StackOverflowError deep in the target).
            if (valid) {
                reached[current]++;
            }
            countSite(t, false);
            return null;
        }
        StackTraceElement call = st[k - 1];
        String callee = call.getClassName() + "::" + call.getMethodName();
        boolean inSetup = !valid || !atCall;
        if (valid) {
            if (inSetup) {
                setupFailed[current]++;
            } else {
                reached[current]++;
            }
        }
        if (inSetup && !isA(t, INCLUDE)
                && (underTest.contains(callee) || !packages.contains(packageOf(call.getClassName())))) {
            // Reported where that call is the method under test (its own driver, with the
            // arguments it was given), or not this run's business.
            return QUIET;
        }
        if ((t instanceof ClassCastException || t instanceof ArrayStoreException) && valid
                && (erasedGenerics(t, call) || !inSetup && genericReceiver(call))) {
            // A value of the wrong type argument, passed by a driver built from an erased
            // signature (a Supplier<ArrayList> for a Supplier<String>, a stream of Strings
            // reduced with a List accumulator), wherever under the call it fails: ours to fix.
            // The same in a set-up call (commons-math3's EnumeratedDistribution built over a
            // raw List of Pair(String, String) for its List<Pair<T, Double>>).
            defects[current]++;
            return QUIET;
        }
        if (valid && Leftovers.rejectedByUs(t)) {
            // An executor an earlier run made (lazily, into a static field) and Leftovers shut
            // down after it: ours, not the library's.
            defects[current]++;
            return QUIET;
        }
        if (isA(t, INCLUDE)) {
            countSite(t, false);
            return null;
        }
        if (isA(t, EXCLUDE)) {
            return QUIET;
        }
        String reason = null;
        if (!STRICT) {
            // A set-up call is judged with its own integer and String arguments, never the method's.
            long[] own = intArgs;
            intArgs = inSetup ? setupIntArgs : own;
            String[] strings = stringArgs;
            stringArgs = inSetup ? setupStringArgs : strings;
            long[] positions = positionArgs;
            positionArgs = inSetup ? NO_ARGS : positions;
            Object[] tables = tableArgs;
            tableArgs = inSetup ? setupTableArgs : tables;
            Object[] texts = textArgs;
            textArgs = inSetup ? setupTextArgs : texts;
            try {
                reason = contract(t, st, k, call);
            } catch (RuntimeException | LinkageError | StackOverflowError broken) {
                // The classifier must not throw (a library exception whose getMessage()
                // throws): what it cannot judge is a bug.
                reason = null;
            } finally {
                intArgs = own;
                stringArgs = strings;
                positionArgs = positions;
                tableArgs = tables;
                textArgs = texts;
            }
        }
        boolean first = countSite(t, reason != null);
        if (reason == null) {
            return null;
        }
        return first ? reason : QUIET;
    }

    /**
     * Why a run the watchdog stopped past --timeout (or past the memory limit) is the contract
     * of the method under test, or null (a bug). {@code st} is the stuck thread's stack. Called
     * on the watchdog's thread while the run is stuck, so it only reads what the driver recorded
     * before its call. A stall in a set-up call that is itself a method under test is left to
     * that method's own driver (as an exception there is); another set-up call is judged as
     * below with its own integer arguments (new StrBuilder(Integer.MAX_VALUE)). Two cases:
     *   - the method waits (the innermost frame is a JDK wait, sleep, join or park) and takes a
     *     time or the thread to wait for (a long, Duration, TimeUnit or Thread parameter): it
     *     waits as long as the caller asked (ThreadUtils.join(thread, duration));
     *   - an integer argument of 2^24 or more: the work the caller asked for
     *     (StringUtils.leftPad to a billion characters), as for an OutOfMemoryError.
     * Only past --timeout: a run past the memory limit stays a finding (its JVM is ended).
     */
    public static String stalled(StackTraceElement[] st) {
        int i = current;
        if (!active || STRICT || st == null || i < 0 || i >= muts.length) {
            return null;
        }
        if (ownCodeOnly(st)) {
            // Caught in the driver's or the shim's own code (drawing a value, judging a
            // failure): no code of the library was running. A JVM paused that long (a
            // collection of a nearly full heap) is no finding of the method.
            stalledIn = i;
            return DRIVER_STALL + muts[i];
        }
        int k = 0;
        while (k < st.length && !isDriverFrame(st[k].getClassName())) {
            k++;
        }
        if (k == 0 || k == st.length) {
            return null;
        }
        StackTraceElement call = st[k - 1];
        String method = call.getClassName() + "." + call.getMethodName();
        boolean setup = !atCall;
        if (setup && underTest.contains(call.getClassName() + "::" + call.getMethodName())) {
            // As for an exception in set-up: a method under test of this run is judged by its
            // own driver, with the arguments it was given there.
            return "set-up call: " + method + " is a method under test, judged by its own driver";
        }
        if (isWait(st[0]) && takesTime(call)) {
            return "waits as long as the caller asked: " + method + " takes a time or a thread to wait for";
        }
        // Another set-up call is judged with its own integer arguments, as its exceptions are.
        // A positive count only: a negative one that a loop counts past is the method's bug.
        long[] ints = !setup ? intArgs : setupIntArgs.length > 0 ? setupIntArgs : stalledSetupIntArgs;
        for (long a : ints) {
            if (a >= (1 << 24)) {
                return "the work the caller asked for: " + method + " was given " + a;
            }
        }
        return null;
    }

    /** How stalled() begins a stall caught in the driver's or the shim's own code. */
    public static final String DRIVER_STALL = "driver stall: ";

    /* The driver method whose run stalled in its own code, for begin() to count; else -1. */
    private static volatile int stalledIn = -1;

    /*
     * Every frame is the driver's, the shim's or the JDK's, and the stack is whole: its last
     * frame is the shim's or a driver's entry (a stack cut at the JVM's depth limit, deep in a
     * JDK recursion the library started, shows JDK frames only, and is no stall of ours).
     */
    private static boolean ownCodeOnly(StackTraceElement[] st) {
        if (st.length == 0) {
            return false;
        }
        String bottom = st[st.length - 1].getClassName();
        if (!isDriverFrame(bottom) && !bottom.startsWith("com.jvmfuzz.shim.")) {
            return false;
        }
        for (StackTraceElement f : st) {
            String c = f.getClassName();
            if (!isDriverFrame(c) && !c.startsWith("com.jvmfuzz.shim.") && !isJdk(c)) {
                return false;
            }
        }
        return true;
    }

    /*
     * A NullPointerException, IllegalArgumentException or WrongMethodTypeException the JDK's
     * reflection or method handles throw before the member runs (every frame above the
     * library's in java.lang.reflect, java.lang.invoke or jdk.internal.reflect: an instance
     * method invoked without a receiver, the wrong number or types of arguments, a method with
     * parameters made a Supplier), when the call chose the member: it takes a String and was
     * given one that could be the member's name (an identifier:
     * MethodUtils.invokeStaticMethod(cls, "name")), or it takes a Method, Constructor or Field
     * (MethodInvokers.asSupplier(method)).
     */
    private static boolean reflectionRefuses(Throwable t, StackTraceElement[] st, int k, StackTraceElement call) {
        if (!(t instanceof NullPointerException) && !(t instanceof IllegalArgumentException)
                && !(t instanceof java.lang.invoke.WrongMethodTypeException)) {
            return false;
        }
        int j = 0;
        while (j < k && isReflection(st[j].getClassName())) {
            j++;
        }
        if (j == 0 || j == k || isJdk(st[j].getClassName())) {
            return false;
        }
        boolean named = identifierArgument();
        for (Executable e : executables(call)) {
            for (Class<?> p : e.getParameterTypes()) {
                if ((p == String.class && named) || java.lang.reflect.Member.class.isAssignableFrom(p)) {
                    return true;
                }
            }
        }
        return false;
    }

    /*
     * The JDK member the module system would not open was the caller's pick: its name is one
     * of the call's String arguments (MethodUtils.invokeMethod(s, "isLatin1")), or the call
     * takes an arbitrary object or class to reflect on (an Object, Object[] or Class
     * parameter: reflectionCompare(lhs, rhs), writeStaticField(cls, ...)). A library that
     * reflects into the JDK on its own, on a member it names itself, fails for every caller
     * on JDK 16 and later: its bug (commons-compress's Archive reading FilterInputStream.in of
     * the stream it wrapped around the caller's File).
     */
    private static boolean callerPicksReflected(Throwable t, StackTraceElement call) {
        String member = reflectedMember(t.getMessage());
        for (String s : stringArgs) {
            if (s != null && member != null && s.equals(member)) {
                return true;
            }
        }
        for (Executable e : executables(call)) {
            for (Class<?> p : e.getParameterTypes()) {
                Class<?> c = p.isArray() ? p.getComponentType() : p;
                if (c == Object.class || c == Class.class) {
                    return true;
                }
            }
        }
        return false;
    }

    /*
     * The simple name of the member in an InaccessibleObjectException's message ("Unable to
     * make field private final byte[] java.lang.String.value accessible: ..." gives "value",
     * "Unable to make private boolean java.lang.String.isLatin1() accessible" "isLatin1");
     * null when the message has another form.
     */
    static String reflectedMember(String message) {
        if (message == null) {
            return null;
        }
        int end = message.indexOf(" accessible");
        if (!message.startsWith("Unable to make ") || end < 0) {
            return null;
        }
        String head = message.substring(0, end);
        int paren = head.indexOf('(');
        if (paren >= 0) {
            head = head.substring(0, paren);
        }
        String qualified = head.substring(head.lastIndexOf(' ') + 1);
        String name = qualified.substring(qualified.lastIndexOf('.') + 1);
        return name.isEmpty() ? null : name;
    }

    /* One of the call's String arguments could name a member (a Java identifier). */
    private static boolean identifierArgument() {
        for (String s : stringArgs) {
            if (s != null && !s.isEmpty() && Character.isJavaIdentifierStart(s.charAt(0))
                    && s.chars().allMatch(Character::isJavaIdentifierPart)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isReflection(String cls) {
        return cls.startsWith("java.lang.reflect.") || cls.startsWith("jdk.internal.reflect.")
                || cls.startsWith("java.lang.invoke.");
    }

    /*
     * A method that exists to deserialize what it is given: "deserialize" in its name, and
     * some overload takes the data (a byte[], an InputStream or an ObjectInput).
     */
    private static boolean deserializer(StackTraceElement call) {
        if (!call.getMethodName().toLowerCase(java.util.Locale.ROOT).contains("deserializ")) {
            return false;
        }
        for (Executable e : executables(call)) {
            for (Class<?> p : e.getParameterTypes()) {
                if (p == byte[].class || java.io.InputStream.class.isAssignableFrom(p)
                        || java.io.ObjectInput.class.isAssignableFrom(p)) {
                    return true;
                }
            }
        }
        return false;
    }

    /* A JDK frame where a thread waits: Object.wait, Thread.sleep or join, a park. */
    private static boolean isWait(StackTraceElement top) {
        String c = top.getClassName();
        String m = top.getMethodName();
        switch (c) {
            case "java.lang.Object":
                return m.startsWith("wait");
            case "java.lang.Thread":
                return m.startsWith("sleep") || m.equals("join");
            case "jdk.internal.misc.Unsafe":
            case "sun.misc.Unsafe":
            case "java.util.concurrent.locks.LockSupport":
                return m.startsWith("park");
            default:
                return false;
        }
    }

    /* Some overload of the call takes a time (long millis, Duration, TimeUnit) or a Thread; an
     * int is too common a parameter to say so. */
    private static boolean takesTime(StackTraceElement call) {
        for (Executable e : executables(call)) {
            for (Class<?> p : e.getParameterTypes()) {
                if (p == long.class || p == java.time.Duration.class
                        || p == java.util.concurrent.TimeUnit.class || p == Thread.class) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final java.util.regex.Pattern NO_CLASS = java.util.regex.Pattern.compile(
            "NoClassDefFoundError: (?!Could not)([\\w$/.]+)(?: \\[in thread|$)");

    /*
     * The class a NoClassDefFoundError names when the run's class path does not hold it: a
     * dependency the library declares optional and the user left out (commons-compress's
     * zstd-jni). Its first failure names the class; later uses of a class whose initializer
     * needed it fail "Could not initialize class X", with the first failure as the cause
     * (JDK 17 and later). Not a class that is there but whose initializer threw, nor one the
     * user cannot add: the JDK's (java.util.jar.Pack200, gone in JDK 14) or the library's own
     * (a class missing from its jar): those are the library's.
     */
    private static String missingClass(Throwable t, String calledClass) {
        if (!(t instanceof NoClassDefFoundError)) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (Throwable c = t; c != null && names.size() < 8; c = c.getCause()) {
            String m = c.getMessage();
            if (m == null) {
                continue;
            }
            if (c instanceof NoClassDefFoundError && !m.contains(" ")) {
                names.add(m);
            }
            java.util.regex.Matcher found = NO_CLASS.matcher(m);
            while (found.find()) {
                names.add(found.group(1));
            }
        }
        String library = library(calledClass);
        for (String n : names) {
            String name = n.replace('/', '.');
            if (isJdk(name) || library(name).equals(library) || packages.contains(packageOf(name))) {
                continue;
            }
            try {
                Class.forName(name, false, loader);
            } catch (ClassNotFoundException absent) {
                return name;
            } catch (LinkageError | RuntimeException other) {
                // there, but not loadable for another reason: not a missing class
            }
        }
        return null;
    }

    /** Why t is the contract of the call `call` (frame k - 1 of st), or null. */
    private static String contract(Throwable t, StackTraceElement[] st, int k, StackTraceElement call) {
        String method = call.getClassName() + "." + call.getMethodName();
        String missing = missingClass(t, call.getClassName());
        if (missing != null) {
            return "missing class: the class path lacks " + missing + ", which " + method
                    + " needs (a dependency left out)";
        }
        if (declared(t, call)) {
            return "declared: " + method + " throws " + t.getClass().getName();
        }
        String doc = documented(t, call);
        if (doc != null) {
            return "documented: " + method + " @throws " + doc + " (Javadoc)";
        }
        // Or by the method of the same class that threw it on the way (formatSplitTime calling
        // getSplitNanoTime, whose Javadoc names the IllegalStateException).
        for (int j = k - 2; j >= 0; j--) {
            if (st[j].getClassName().equals(call.getClassName()) && !st[j].getMethodName().equals(call.getMethodName())) {
                // The library's Javadoc only: what the JDK's says of an override is about the
                // override's caller, here the library itself (Countdown.skipAll calling its
                // own next() past the end).
                String inner = libraryDocumented(t, st[j]);
                if (inner != null) {
                    return "documented: " + st[j].getClassName() + "." + st[j].getMethodName() + " @throws " + inner
                            + " (Javadoc), called by " + method;
                }
            }
        }
        // Or by a method of an object the caller built and handed over, called back on the
        // way (a BackgroundInitializer's get() as the Supplier of a stream's collect: its
        // Javadoc names the IllegalStateException of an initializer not started).
        String callback = documentedCallback(t, st, k);
        if (callback != null) {
            return callback + ", called back by " + method;
        }
        String source = builtSourceFailure(t, st, k);
        if (source != null) {
            return source + ", consumed by " + method;
        }
        if (NO_THROW.contains(call.getClassName() + "::" + call.getMethodName())) {
            // Its Javadoc promises no exception at all: none is its contract, but an array
            // refused for the run's speed alone is no exception of its own.
            String budget = overBudget(t);
            return budget == null ? null : budget + ", in " + method;
        }
        String maker = t instanceof RuntimeException && !(t instanceof com.jvmfuzz.shim.detectors.SecurityIssue)
                ? notForDirectUse(st, k, method) : null;
        if (maker != null) {
            return "not for direct use: " + maker + " (its maker's Javadoc says it is not for direct use)";
        }
        if (UNCHECKED.contains(call.getClassName() + "::" + call.getMethodName()) && t instanceof RuntimeException
                && !(t instanceof com.jvmfuzz.shim.detectors.SecurityIssue)) {
            return "unchecked input: " + method + "'s Javadoc says it does not check its input";
        }
        if (t instanceof com.jvmfuzz.shim.detectors.SecurityIssue) {
            com.jvmfuzz.shim.detectors.SecurityIssue s = (com.jvmfuzz.shim.detectors.SecurityIssue) t;
            if (s.detector.equals("deserialization")) {
                return deserializer(call)
                        ? "serialized data parameter: " + method + " deserializes the data it is given" : null;
            }
            if (s.value == null) {
                return null;
            }
            String what;
            switch (s.detector) {
                case "reflective-call":
                    what = "class name parameter: " + method + " loads the class it is given";
                    break;
                case "regex-injection":
                    what = "regular expression parameter: " + method + " compiles its argument as a pattern";
                    break;
                case "server-side-request-forgery":
                    what = "host parameter: " + method + " connects to the host it is given";
                    break;
                case "file-path-traversal":
                    what = "path parameter: " + method + " opens the path it is given";
                    break;
                default:
                    return null;
            }
            if (isArgument(s.value, s.detector.equals("reflective-call"))) {
                return what;
            }
            // The same value given to a set-up call of the run: the caller configured its
            // object with it (opencsv's MustMatchRegexExpression.setParameterString(pattern),
            // then isValid compiling that pattern).
            if (configuredWith(s.value) && builtFrame(st, k) != null) {
                return what.substring(0, what.indexOf(':')) + ": " + method
                        + " uses what the caller configured its object with (a set-up call's argument)";
            }
            if (s.detector.equals("regex-injection")) {
                for (String p : unanchored(s.value)) {
                    if (isArgument(p, false)) {
                        return what + " (anchored)";
                    }
                }
                if (piecedFromCallersTexts(s.value)) {
                    return what + " (pieced together from the caller's texts only)";
                }
            }
            String chosen = inTemplate(s.value) ? builtFrame(st, k) : null;
            return chosen == null ? null : what + " (inside a text, to the " + chosen + " the caller built)";
        }
        if (t instanceof java.util.IllegalFormatException && rejectedBy(st, k, "java.util.Formatter", "%")) {
            return "format string parameter: " + method + " formats with the pattern it is given";
        }
        if ((t instanceof IllegalArgumentException || t instanceof IndexOutOfBoundsException)
                && rejectedBy(st, k, "java.util.regex.Matcher", "$\\")) {
            return "replacement string parameter: " + method + " substitutes with the replacement it is given";
        }
        if (bridgeCast(t, st)) {
            return "cast in a compiler-generated bridge method (a driver built from an erased signature)";
        }
        if (ownArgumentCheck(t, st, k)) {
            return "argument check: " + method + " rejects its arguments";
        }
        String thrower = explicitCheck(t, st, k);
        if (thrower != null) {
            return "argument check: " + thrower + " rejects the arguments of " + method;
        }
        String helper = checkHelper(t, st, k);
        if (helper != null) {
            return "argument check: " + helper + " rejects the arguments of " + method;
        }
        if (t.getClass().getName().equals("java.lang.reflect.InaccessibleObjectException")
                && isJdk(st[0].getClassName()) && callerPicksReflected(t, call)) {
            return "module system: the JDK does not open its internals to " + method + "'s reflection";
        }
        if (reflectionRefuses(t, st, k, call)) {
            return "reflection: " + method + " invokes the member the caller chose, and the JDK refuses the call";
        }
        if (missingNamedBundle(t, st)) {
            return "resource name parameter: " + method + " loads the resource bundle it is named";
        }
        String jdk = passedToJdk(t, st, k, call);
        if (jdk != null && breaksNullPromise(t, call)) {
            jdk = null;
        }
        if (jdk != null) {
            return "argument check: " + jdk + " rejects what " + method + " passed on";
        }
        if (t.getClass() == IllegalStateException.class && ownThrowThroughJdk(st, k) && (instanceMethod(st[0])
                || (k == 1 && staticStateMethod(st[0]) && !INTERNAL_FAILURE.matcher(String.valueOf(t.getMessage())).find()))) {
            return "state check: " + st[0].getClassName() + "." + st[0].getMethodName()
                    + " refuses the call in this state";
        }
        if (t.getClass() == ArithmeticException.class && ownThrow(st, k) && !isJdk(st[0].getClassName())
                && !"/ by zero".equals(t.getMessage())) {
            // The library's own overflow or range check (Fraction.negate of MIN_VALUE/n): no
            // result exists, and it says so. The JVM's own "/ by zero" is a division the
            // method did not guard, unless the caller gave the zero (callersZero).
            return "arithmetic check: " + st[0].getClassName() + "." + st[0].getMethodName()
                    + " has no result for these values";
        }
        String zero = callersZero(t, st, k);
        if (zero != null) {
            return zero + " of " + method;
        }
        String jdkState = jdkStateCheck(t, st, k);
        if (jdkState != null) {
            return "state check: " + jdkState + " refuses the call in this state";
        }
        // A method that promises its own report for a bad index or range and lets an index
        // fault out instead broke that promise, whoever gave the index.
        boolean promised = t instanceof IndexOutOfBoundsException && promisesRangeReport(t, call);
        String span = promised ? null : builtOutsideSpan(t, st, k);
        if (span != null) {
            return span;
        }
        String position = promised ? null : positionOutside(t, st, k);
        if (position != null) {
            return position + " of " + method;
        }
        String room = promised ? null : noRoomAfter(t, st, k);
        if (room != null) {
            return room + ", given to " + method;
        }
        String output = promised ? null : pastOutputEnd(t, st, k);
        if (output != null) {
            return output + " of " + method;
        }
        long arg = promised ? Long.MIN_VALUE : jdkBoundOnArgument(t, st, k);
        if (arg != Long.MIN_VALUE) {
            return "bounds check on the argument " + arg + " of " + method;
        }
        String shape = tableShape(t, st, k);
        if (shape != null) {
            return shape + " of " + method;
        }
        String unequal = unequalSequences(t, st, k);
        if (unequal != null) {
            return unequal + ", given to " + method;
        }
        String twice = describedTwice(t, st, k);
        if (twice != null) {
            return twice + ", given to " + method;
        }
        String unfit = promised ? null : unfitPositions(t, st, k);
        if (unfit != null) {
            return unfit + ", given to " + method;
        }
        String index = promised ? null : callersIndex(t, st, k);
        if (index != null) {
            return index + ", used as an index under " + method;
        }
        // After the rules that name the caller's values: a record too short is what is left.
        String record = promised ? null : fixedRecord(t, st, k);
        if (record != null) {
            return record + ", given to " + method;
        }
        if (invalidCodePoint(t, st, call)) {
            return "invalid code point: " + method + " was given it";
        }
        long size = allocationArgument(t);
        if (size != Long.MIN_VALUE) {
            return "allocation sized by the argument " + size + " of " + method;
        }
        long set = configuredSize(t, st, k);
        if (set != Long.MIN_VALUE) {
            return "size the caller configured: " + set + ", an argument of a set-up call before " + method;
        }
        String budget = overBudget(t);
        if (budget != null) {
            return budget + ", in " + method;
        }
        String wrapper = wrapsNothing(t, st);
        if (wrapper != null) {
            return "no stream: the " + wrapper + " the caller built wraps none";
        }
        String unset = unsetField(t, st, call);
        if (unset == null) {
            unset = unsetSlot(t, st, k);
        }
        if (unset == null) {
            unset = unsetInBuilt(t, st, k);
        }
        if (unset != null) {
            return "not configured: " + unset;
        }
        if (t instanceof UnsupportedOperationException && thrownByCall(st, k)) {
            return "unsupported: " + method + " throws UnsupportedOperationException itself";
        }
        String refusedConfiguration = t instanceof UnsupportedOperationException ? constructorRefuses(st, k) : null;
        if (refusedConfiguration != null) {
            return "argument check: " + refusedConfiguration + " refuses what " + method + " gave it";
        }
        String unsupported = t instanceof UnsupportedOperationException ? unsupportedKind(st, k) : null;
        if (unsupported != null) {
            return "unsupported: " + unsupported + " supports no " + method;
        }
        String chosen = t instanceof UnsupportedOperationException ? receiverRefuses(st, k) : null;
        if (chosen != null) {
            return "unsupported: " + chosen + ", which " + method + " needs";
        }
        String refusing = t instanceof UnsupportedOperationException ? refusedByHelper(st, k) : null;
        if (refusing != null) {
            return "unsupported: " + refusing + " refuses what " + method + " asks of it";
        }
        String own = ownSignal(t, st, k, false);
        if (own != null) {
            return "by design: " + own + " of " + method;
        }
        if (t instanceof RuntimeException && !jvmFault(t) && isPrecondition(call) && inLibraryOrJdk(st, 0, k)) {
            return "precondition helper: " + method + " exists to throw";
        }
        if (t instanceof RuntimeException && !jvmFault(t) && namedForThrowing(call.getMethodName())
                && thrownByThrowers(st, k)) {
            return "precondition helper: " + method + " exists to throw (named for it)";
        }
        if ((t instanceof java.util.NoSuchElementException || lastOfEmpty(t)) && poppedEmpty(st, k)) {
            return "empty stack: " + method + " pops what no earlier call pushed";
        }
        String refuser = t instanceof UnsupportedOperationException || ownType(t, st[0]) || jdkRefusal(t, st[0])
                ? builtMethod(st[0], call)
                : null;
        if (refuser != null) {
            return (t instanceof UnsupportedOperationException ? "unsupported: the " : "by design: the ") + refuser
                    + " the caller built refuses " + st[0].getMethodName();
        }
        // Other types of the library's own, once no object the caller built is the one refusing.
        String ownOther = ownSignal(t, st, k, true);
        if (ownOther != null) {
            return "by design: " + ownOther + " of " + method;
        }
        String wrapped = wrappedOwnSignal(t, st, k);
        if (wrapped != null) {
            return "by design: " + wrapped + " of " + method;
        }
        if (t instanceof java.util.NoSuchElementException && t.getCause() == null && iteratorStep(call)) {
            return "iterator exhausted: " + method;
        }
        if (t instanceof java.util.NoSuchElementException && t.getCause() == null && endOfCollection(call)) {
            return "empty collection: " + method + " has no end to give";
        }
        if (t instanceof ClassCastException && k == 1 && takesObject(call)) {
            return "cast of an Object parameter in " + method;
        }
        String narrowed = t instanceof ClassCastException && inLibraryOrJdk(st, 0, k) ? narrowedCast(t, call) : null;
        if (narrowed != null) {
            return narrowed + ", given to " + method;
        }
        String slot = t instanceof ClassCastException && inLibraryOrJdk(st, 0, k) ? slotCast(t) : null;
        if (slot != null) {
            return "cast of an Object the caller stored: " + slot;
        }
        return null;
    }

    /*
     * A failed cast of the value the caller put into an Object-typed field that a method sets
     * up (commons-math3's BSPTree built with a String attribute, cast to the Boolean every
     * region's leaf must carry), as a cast of an Object parameter is: an object the driver
     * built holds, in such a field, a value of exactly the class that failed the cast. What
     * holds it, else null. Not proof that the stored value is the one cast: a String of the
     * library's own, cast wrongly while the caller's String sits in such a field, is called
     * the caller's too.
     */
    private static String slotCast(Throwable t) {
        java.util.regex.Matcher m = CAST.matcher(String.valueOf(t.getMessage()));
        if (!m.find() || builtCount == 0 || SET_UP.isEmpty()) {
            return null;
        }
        String from = m.group(1);
        for (int j = 0; j < builtCount; j++) {
            Object o = builtObjects[j];
            for (Class<?> h = o == null ? null : o.getClass(); h != null && h != Object.class; h = h.getSuperclass()) {
                for (java.lang.reflect.Field f : declaredFields(h)) {
                    if (f.getType() != Object.class || java.lang.reflect.Modifier.isStatic(f.getModifiers())
                            || !SET_UP.containsKey(h.getName() + " " + f.getName())) {
                        continue;
                    }
                    try {
                        f.setAccessible(true);
                        Object v = f.get(o);
                        if (v != null && v.getClass().getName().equals(from)) {
                            return "the " + from + " in the " + f.getName() + " of the " + o.getClass().getName();
                        }
                    } catch (ReflectiveOperationException | RuntimeException inaccessible) {
                        // a field this module does not open: not known to hold it
                    }
                }
            }
        }
        return null;
    }

    /*
     * The caller's pattern inside one a library anchored (commons-codec's Rule: "^" + rContext,
     * lContext + "$"): without its leading '^', without its trailing unescaped '$', and without
     * both. Each on its own too: a caller's pattern may itself end in '$' ("^" + "a$$").
     */
    static String[] unanchored(String pattern) {
        boolean head = pattern.startsWith("^");
        boolean escaped = pattern.endsWith("\\$") && !pattern.endsWith("\\\\$");
        boolean tail = pattern.endsWith("$") && !escaped && pattern.length() > (head ? 1 : 0);
        String noHead = head ? pattern.substring(1) : pattern;
        String noTail = tail ? pattern.substring(0, pattern.length() - 1) : pattern;
        String neither = tail ? noHead.substring(0, noHead.length() - 1) : noHead;
        return new String[] {noHead, noTail, neither};
    }

    /*
     * One of the String arguments is `value`; for a class name (`member`), also one that starts
     * with it and goes on to a member ("com.x.Constants.NAME", "com.x.Type#method"), as a
     * constant lookup's key does (a class named further inside a text is not the argument).
     */
    private static boolean isArgument(String value, boolean member) {
        for (String arg : textArguments()) {
            if (arg == null) {
                continue;
            }
            if (namesValue(arg, value, member)) {
                return true;
            }
            // A lookup key's prefix ("const:com.x.Constants.NAME") names the lookup, not the value.
            int colon = arg.lastIndexOf(':');
            if (member && colon > 0 && namesValue(arg.substring(colon + 1), value, true)) {
                return true;
            }
        }
        return false;
    }

    /*
     * The argument a is the value, ends with it as its last ':' field after a prefix (a lookup
     * key "UTF-8:path"), starts with it before a "::" (a properties lookup's "path::name"),
     * or, for a member, starts with it before a '.' or '#' ("Class#FIELD").
     * A ':' first is no lookup key: it is what a method that cuts off a first character (the
     * library's choice of where the value starts) happened to be given.
     */
    private static boolean namesValue(String a, String value, boolean member) {
        int rest = a.length() - value.length();
        if (a.equals(value) || (rest > 1 && a.endsWith(value) && a.charAt(rest - 1) == ':')) {
            return true;
        }
        if (rest > 2 && !value.isEmpty() && a.startsWith(value) && a.startsWith("::", value.length())) {
            return true;
        }
        return member && rest > 0 && a.startsWith(value)
                && (a.charAt(value.length()) == '.' || a.charAt(value.length()) == '#');
    }

    /*
     * The String arguments, the text of CharSequence or Object ones, and the texts inside
     * array and collection ones (texts()), read when a report is judged: no copy is made
     * per call, so a list the method itself added to holds its additions too.
     */
    private static String[] textArguments() {
        return flatten(stringArgs, textArgs);
    }

    /* strings, then the texts in texts (see textArguments). */
    private static String[] flatten(String[] strings, Object[] texts) {
        if (texts.length == 0) {
            return strings;
        }
        List<String> all = new ArrayList<>(java.util.Arrays.asList(strings));
        for (Object o : texts) {
            if (o instanceof CharSequence || o instanceof java.net.URL || o instanceof java.net.URI) {
                addText(all, o);
            } else if (o instanceof Object[]) {
                addTexts(all, java.util.Arrays.asList((Object[]) o));
            } else if (o instanceof java.util.Collection) {
                addTexts(all, (java.util.Collection<?>) o);
            }
        }
        return all.toArray(new String[0]);
    }

    /* The texts among the elements of a caller's array or collection (addText), the first 256 of them. */
    private static void addTexts(List<String> into, java.util.Collection<?> elements) {
        try {
            int n = 0;
            for (Object e : elements) {
                if (n++ == 256) {
                    break;
                }
                addText(into, e);
            }
        } catch (RuntimeException broken) {
            // A collection the method left unreadable (modified while iterated) holds no answer.
        }
    }

    /* The text of a CharSequence; a URL's or URI's host and whole text. */
    private static void addText(List<String> into, Object o) {
        if (o instanceof CharSequence) {
            into.add(o.toString());
        } else if (o instanceof java.net.URL) {
            into.add(((java.net.URL) o).getHost());
            into.add(o.toString());
        } else if (o instanceof java.net.URI) {
            String host = ((java.net.URI) o).getHost();
            if (host != null) {
                into.add(host);
            }
            into.add(o.toString());
        }
    }

    /*
     * On the way out from the throw, before any frame of the call's class, a frame in the
     * packages under test runs a method of an object the driver built, and its Javadoc
     * documents t: "documented: ...", else null.
     */
    private static String documentedCallback(Throwable t, StackTraceElement[] st, int k) {
        if (builtCount == 0 || DOCUMENTED_NAMES.isEmpty()) {
            return null;
        }
        // The innermost frame of such an object on the way out from the throw, reached over
        // frames of the packages under test only (no JDK code, none of the called class or its
        // superclasses, the receiver's own): the library code under it runs for that object
        // (Option.Builder.get, handed over as a Supplier, constructing its Option).
        int i = innermostUnderTest(st, k);
        Class<?> called;
        try {
            called = Class.forName(st[k - 1].getClassName(), false, loader);
        } catch (ClassNotFoundException | LinkageError unknown) {
            return null;
        }
        Class<?> made = null;
        for (int first = i; i >= 0 && i < k - 1; i++) {
            String name = st[i].getClassName();
            if (name.equals(called.getName()) || (i > first && !packages.contains(packageOf(name)))) {
                return null;
            }
            try {
                if (Class.forName(name, false, loader).isAssignableFrom(called)) {
                    return null;
                }
            } catch (ClassNotFoundException | LinkageError unknown) {
                return null;
            }
            made = builtAs(st[i]);
            if (made != null) {
                break;
            }
        }
        if (made == null) {
            return null;
        }
        // That object's method, or one of its class on the way out to it.
        String c = st[i].getClassName();
        for (int m = i; m < k - 1 && st[m].getClassName().equals(c); m++) {
            String doc = documented(t, st[m]);
            if (doc != null) {
                return "documented: " + c + "." + st[m].getMethodName() + " @throws " + doc + " (Javadoc), of the "
                        + made.getName() + " the caller built";
            }
        }
        return null;
    }

    /*
     * An I/O failure of an object the caller built and handed over: an UncheckedIOException
     * raised while the call consumed that object (a stream of a file's lines, the records of a
     * parser over the caller's text), every frame from the throw out to the object's own the
     * JDK's, a dependency's (outside the packages under test) or of a class the caller built
     * (or one nested in it: a parser's record iterator). What failed is the caller's source;
     * the method under test's own code is not running there. "I/O failure: ...", else null.
     */
    private static String builtSourceFailure(Throwable t, StackTraceElement[] st, int k) {
        if (!(t instanceof java.io.UncheckedIOException) || builtCount == 0) {
            return null;
        }
        StackTraceElement call = st[k - 1];
        String called = call.getClassName();
        List<Class<?>> handed = handedOver(call);
        if (handed.isEmpty()) {
            return null;
        }
        List<Class<?>> allBuilt = java.util.Arrays.asList(built).subList(0, builtCount);
        java.util.Set<Class<?>> inherited = new java.util.HashSet<>();
        try {
            for (Class<?> c = Class.forName(called, false, loader); c != null; c = c.getSuperclass()) {
                inherited.add(c);
            }
        } catch (ClassNotFoundException | LinkageError unknown) {
            return null;
        }
        for (int i = k - 2; i >= 0; i--) {
            Class<?> made = st[i].getClassName().equals(called) ? null : builtOrNested(st[i].getClassName(), handed, inherited);
            if (made == null) {
                continue;
            }
            // Inward of it, any object the driver built may run (the parser behind a stream
            // it handed over), but none of the called class's code.
            boolean sourceOnly = true;
            for (int j = 0; j < i && sourceOnly; j++) {
                String c = st[j].getClassName();
                sourceOnly = isJdk(c) || !packages.contains(packageOf(c))
                        || (!c.equals(called) && builtOrNested(c, allBuilt, inherited) != null);
            }
            if (sourceOnly) {
                return "I/O failure: of the " + made.getName() + " the caller built";
            }
        }
        return null;
    }

    /*
     * The objects the driver built in this run that it can have handed to `call` as an
     * argument: of a parameter type of the method (any overload), not Object, and none of the
     * receiver's type when every overload is an instance method (that object is the
     * receiver).
     */
    private static List<Class<?>> handedOver(StackTraceElement call) {
        List<Class<?>> out = new ArrayList<>();
        Class<?> called;
        try {
            called = Class.forName(call.getClassName(), false, loader);
        } catch (ClassNotFoundException | LinkageError unknown) {
            return out;
        }
        List<Executable> all = executables(call);
        boolean instance = !all.isEmpty();
        for (Executable e : all) {
            instance &= !java.lang.reflect.Modifier.isStatic(e.getModifiers()) && !(e instanceof java.lang.reflect.Constructor);
        }
        for (int j = 0; j < builtCount; j++) {
            Class<?> b = built[j];
            if (instance && called.isAssignableFrom(b)) {
                continue;
            }
            boolean fits = false;
            for (Executable e : all) {
                for (Class<?> p : e.getParameterTypes()) {
                    fits |= p != Object.class && p.isAssignableFrom(b);
                }
            }
            if (fits && !out.contains(b)) {
                out.add(b);
            }
        }
        return out;
    }

    /*
     * The class among `handed` that `cls` is (that class or a superclass of it, Object and
     * the called class's own superclasses aside: its inherited code is its own) or is nested
     * in (the iterator of a handed collection), else null.
     */
    private static Class<?> builtOrNested(String cls, List<Class<?>> handed, java.util.Set<Class<?>> inherited) {
        for (Class<?> h : handed) {
            for (Class<?> b = h; b != null && b != Object.class && !inherited.contains(b); b = b.getSuperclass()) {
                if (cls.equals(b.getName()) || cls.startsWith(b.getName() + "$")) {
                    return h;
                }
            }
        }
        return null;
    }

    /* The innermost frame (below the call) in the packages under test: its index, else -1. */
    private static int innermostUnderTest(StackTraceElement[] st, int k) {
        for (int i = 0; i < k; i++) {
            if (packages.contains(packageOf(st[i].getClassName()))) {
                return i;
            }
        }
        return -1;
    }

    /* The class of an object the driver built in this run that runs the frame's method (the
     * frame's class or a subclass of it), else null. */
    private static Class<?> builtAs(StackTraceElement frame) {
        try {
            Class<?> owner = Class.forName(frame.getClassName(), false, loader);
            for (int j = 0; j < builtCount; j++) {
                if (owner.isAssignableFrom(built[j])) {
                    return built[j];
                }
            }
        } catch (ClassNotFoundException | LinkageError unknown) {
            // not loadable from here: not known to be built
        }
        return null;
    }

    /*
     * The frame runs a method of an object the caller built (an unmodifiable multiset handed
     * to a decorator, Collections.emptyList() to a method that adds): the built object's class
     * inherits or declares that very method, so the caller chose the object that refuses. A
     * class that overrides it (an ArrayList under AbstractList.add) never ran the frame's code.
     * Its class name, else null.
     */
    private static String builtMethod(StackTraceElement frame, StackTraceElement call) {
        Class<?> called;
        try {
            called = Class.forName(call.getClassName(), false, loader);
        } catch (ClassNotFoundException | LinkageError unknown) {
            return null;
        }
        for (int j = 0; j < builtCount; j++) {
            // Not the receiver (nor anything of its type): the method under test throwing its
            // own exception is judged as the method's, not as an object the caller chose.
            if (called.isAssignableFrom(built[j])) {
                continue;
            }
            try {
                if (runsAs(built[j], frame)) {
                    return built[j].getName();
                }
            } catch (LinkageError | SecurityException unknown) {
                // its methods cannot be listed here: not known to be the thrower
            }
        }
        return null;
    }

    /*
     * An exception class of the called library's own that is an IllegalArgumentException or
     * IllegalStateException (jsoup's ValidationException and SelectorParseException), thrown by
     * its own code on the way from the call, every frame up to the call the library's or the
     * JDK's: a library that subclasses the JDK's refusals raises them on purpose, to report
     * what it refuses; the JVM's faults and the JDK's own types are where its bugs show.
     * With anyType, any other RuntimeException type of the library's own too (org.json's
     * JSONException, straight under RuntimeException: a library raises its own type on
     * purpose; every such finding of the seven libraries triaged before was its contract),
     * unless its message owns up to a failure of the library's own. Never one caused by a
     * fault of the JVM, however deep in the chain of causes (a store's flush wrapping its own
     * null dereference stays a bug).
     * Not a type named for an internal failure (an assertion, a "bug", an unexpected state).
     * "<library's> Type", else null.
     */
    private static String ownSignal(Throwable t, StackTraceElement[] st, int k, boolean anyType) {
        boolean refusal = t instanceof IllegalArgumentException || t instanceof IllegalStateException;
        if ((!refusal && !anyType) || t instanceof com.jvmfuzz.shim.detectors.SecurityIssue || !ownType(t, st[0])
                || !inLibraryOrJdk(st, 0, k)) {
            return null;
        }
        String c = t.getClass().getName();
        if (!library(c).equals(library(st[k - 1].getClassName()))
                || INTERNAL_FAILURE.matcher(t.getClass().getSimpleName()).find() || causedByJvmFault(t, st[k - 1])) {
            return null;
        }
        // Any other RuntimeException type of the library's own (org.json's JSONException) is
        // its refusal too, unless its message owns up to a failure of the library itself.
        if (!refusal && ownsFailure(String.valueOf(t.getMessage()))) {
            return null;
        }
        return "the library's own " + t.getClass().getSimpleName();
    }

    /*
     * Whether a message owns up to a failure of the library's own (OWNED_FAILURE): a word of it
     * outside the caller's texts (withoutArguments), and not on a line of the message that
     * quotes a line of a reader or stream the caller handed over (a parser showing where in its
     * input it stopped: snakeyaml-engine's snippet line "o]', bug '" is the fuzzer's text, not
     * the library's word). Only whole quoted lines after the message's first count: the fuzzer
     * also writes the library's own words into its texts.
     */
    private static boolean ownsFailure(String message) {
        String m = withoutArguments(message);
        java.util.regex.Matcher found = OWNED_FAILURE.matcher(m);
        while (found.find()) {
            int from = m.lastIndexOf('\n', found.start()) + 1;
            int to = m.indexOf('\n', found.end());
            String line = m.substring(from, to < 0 ? m.length() : to).trim();
            // The first line is the library's own sentence ("This should never happen"), even
            // when the fuzzer wrote the same words into a reader; but not a token of the
            // caller's text it quotes back ("Failed parsing 'x.internal.y' as BigInteger").
            if ((from == 0 || !quotesReadLine(line)) && !quotesCallersText(m, found.start(), found.end())) {
                return true;
            }
        }
        return false;
    }

    private static boolean quotesReadLine(String line) {
        if (line.length() < 4) {
            return false;
        }
        for (int i = 0; i < readCount; i++) {
            Object r = read[i];
            // A stream's bytes are decoded only here, when a run failed.
            String text = r instanceof byte[] ? new String((byte[]) r, java.nio.charset.StandardCharsets.ISO_8859_1)
                    : String.valueOf(r);
            if (text.contains(line)) {
                return true;
            }
        }
        return false;
    }

    /*
     * Whether the word at [start, end) of the message lies in a stretch of it that one of the
     * caller's texts holds, at least four characters longer than the word and not at the
     * message's start: a token of the caller's input the library quotes back (gson's "Failed
     * parsing 'ogle.gskn.internal.bind' as BigInteger", from a text the fuzzer built of the
     * library's own class names). A stretch at the start is the library's sentence, whatever
     * the fuzzer wrote ("internal error: ..." with those words in the caller's query).
     */
    static boolean quotesCallersText(String m, int start, int end) {
        List<String> texts = new ArrayList<>(java.util.Arrays.asList(textArguments()));
        for (int i = 0; i < madeCount; i++) {
            texts.add(made[i]);
        }
        for (int i = 0; i < readCount; i++) {
            Object r = read[i];
            texts.add(r instanceof byte[] ? new String((byte[]) r, java.nio.charset.StandardCharsets.ISO_8859_1)
                    : String.valueOf(r));
        }
        return stretchIn(m, start, end, texts, constants);
    }

    /*
     * The longest stretch of m around [start, end) that some text holds (grown a character at
     * a time, up to 256), when it is not at m's start, four characters longer than the word,
     * and the message holds no string constant of the library's with the word in it: the
     * fuzzer also writes the library's own sentences into its texts ("; this is a bug in "),
     * which the library's message then holds as its own words, not as a quote.
     */
    static boolean stretchIn(String m, int start, int end, List<String> texts, String[] own) {
        String word = m.substring(start, end);
        for (String text : texts) {
            if (text == null || !text.contains(word)) {
                continue;
            }
            int a = start;
            int b = end;
            while (a > 0 && b - a < 256 && text.contains(m.substring(a - 1, b))) {
                a--;
            }
            while (b < m.length() && b - a < 256 && text.contains(m.substring(a, b + 1))) {
                b++;
            }
            if (a > 0 && b - a >= end - start + 4 && !ownSentence(m, word, own)) {
                return true;
            }
        }
        return false;
    }

    /* A string constant of the library's, four characters longer than the word and holding it,
     * stands whole in the message: the library wrote it there. */
    private static boolean ownSentence(String m, String word, String[] strings) {
        for (String c : strings) {
            if (c != null && c.length() >= word.length() + 4 && c.contains(word) && m.contains(c)) {
                return true;
            }
        }
        return false;
    }

    /* The string constants of the class under test the current driver method offers the fuzzer
     * (TypedValues.constants): the library's own words. */
    private static String[] constants = NO_STRINGS;

    /** Called by TypedValues when a driver method gives it its constants. */
    public static void libraryStrings(String[] strings) {
        constants = strings == null ? NO_STRINGS : strings;
    }

    /* The Strings TypedValues made this run (the first 16): texts the method may quote back,
     * whichever way they reached it (a JsonPrimitive of one, a Gson's toJsonTree of one). */
    private static final String[] made = new String[16];
    private static int madeCount;

    /** Called by TypedValues for each String it makes; bounded, reset when a driver run begins. */
    public static void made(String s) {
        if (madeCount < made.length) {
            made[madeCount++] = s;
        }
    }

    /* What the readers (a String) and streams (a byte[]) the driver built this run hold (the
     * first 8): what the method may read and quote back. */
    private static final Object[] read = new Object[8];
    private static int readCount;

    /**
     * Called by TypedValues when it makes a reader (its String) or an input stream (its bytes,
     * as given: read as ISO-8859-1 only when a run fails). Bounded, and reset when a driver run
     * begins; outside drivers (a typed fuzz test) the first 8 stay, unused.
     */
    public static void readable(Object contents) {
        if (readCount < read.length) {
            read[readCount++] = contents;
        }
    }

    /*
     * The message without the caller's texts it quotes (a query of the caller's may hold any
     * word); not texts of under four characters, whose removal would cut words apart.
     */
    private static String withoutArguments(String message) {
        String m = message;
        for (String a : textArguments()) {
            if (a != null && a.length() >= 4) {
                m = m.replace(a, "");
            }
        }
        return m;
    }

    /*
     * A fault of the JVM's anywhere in the chain of causes (a few levels deep), unless the JDK
     * made it and turned it into an exception of its own (BigDecimal's constructor reports an
     * index fault over an empty text as a NumberFormatException): that is the JDK's refusal.
     * `call`: the method under test.
     */
    private static boolean causedByJvmFault(Throwable t, StackTraceElement call) {
        Throwable wrapper = t;
        Throwable c = t.getCause();
        for (int depth = 0; c != null && depth < 8; depth++, wrapper = c, c = c.getCause()) {
            // Nor a cast the caller's choice of kind made fail (narrowedCast), which the library
            // reports in its own type (snakeyaml's BaseConstructor.construct).
            boolean callers = c instanceof ClassCastException && narrowedCast(c, call) != null;
            if (jvmFault(c) && !(thrownInJdk(c) && translatedByJdk(wrapper)) && !callers) {
                return true;
            }
        }
        return false;
    }

    private static boolean thrownInJdk(Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        return st.length > 0 && isJdk(st[0].getClassName());
    }

    /* Thrown in the JDK as its refusal of a value (not a wrapper that only carries a failure
     * on: InvocationTargetException, ExecutionException). */
    private static boolean translatedByJdk(Throwable wrapper) {
        return thrownInJdk(wrapper) && (wrapper instanceof IllegalArgumentException
                || wrapper instanceof ArithmeticException || wrapper instanceof java.time.DateTimeException);
    }

    /*
     * The JDK found no resource bundle of the base name the caller gave (a JSONObject built
     * from a bundle's name): a lookup by the caller's name, like a class or charset name.
     */
    private static boolean missingNamedBundle(Throwable t, StackTraceElement[] st) {
        if (!(t instanceof java.util.MissingResourceException) || !st[0].getClassName().equals("java.util.ResourceBundle")) {
            return false;
        }
        String m = String.valueOf(t.getMessage());
        int from = m.indexOf("base name ");
        int to = m.lastIndexOf(", locale ");
        return from >= 0 && to >= from + 10 && isArgument(m.substring(from + 10, to), false);
    }

    private static final java.util.regex.Pattern INTERNAL_FAILURE =
            java.util.regex.Pattern.compile("(?i)assert|internal|bug|unexpected|unreachable|impossible|fatal|verify");

    /*
     * A message owning up to a failure of the library's own. Not "unexpected": a parser's
     * refusal of the caller's text says "unexpected character" as often as not.
     */
    private static final java.util.regex.Pattern OWNED_FAILURE = java.util.regex.Pattern.compile(
            "(?i)assert|internal|\\bbug\\b|unreachable|impossible|should (never|not) (happen|be reached)|invariant");

    /*
     * A fault of the JVM's own making, where a library's bugs show: its NullPointerException
     * ("Cannot ..."), an array index, a cast, a division by zero, a negative array size.
     */
    private static boolean jvmFault(Throwable t) {
        if (t == null) {
            return false;
        }
        return (t instanceof NullPointerException && String.valueOf(t.getMessage()).startsWith("Cannot "))
                || t instanceof ArrayIndexOutOfBoundsException || t instanceof ClassCastException
                || t instanceof NegativeArraySizeException
                || (t instanceof ArithmeticException && "/ by zero".equals(t.getMessage()));
    }

    /*
     * A NoSuchElementException from a java.util collection's pop, remove*, element, getFirst or
     * getLast right under a called method named pop or pop<Upper>... (jsoup's
     * NamespaceBindings.popScope; not populate), or the IndexOutOfBoundsException of a list's
     * remove(size() - 1) on an empty list (snakeyaml-engine's ArrayStack.pop; see lastOfEmpty):
     * the caller popped more than it pushed. Any other method that empties its own collection
     * stays a bug.
     */
    private static boolean poppedEmpty(StackTraceElement[] st, int k) {
        String name = st[k - 1].getMethodName();
        boolean pops = name.equals("pop") || (name.startsWith("pop") && name.length() > 3 && Character.isUpperCase(name.charAt(3)));
        if (!pops || k < 2 || !st[k - 2].getClassName().startsWith("java.util.")) {
            return false;
        }
        for (int i = 0; i < k - 1; i++) {
            // (The list's index check runs in jdk.internal.util.Preconditions.)
            if (!isJdk(st[i].getClassName())) {
                return false;
            }
        }
        String jdk = st[k - 2].getMethodName();
        return jdk.equals("pop") || jdk.startsWith("remove") || jdk.equals("element") || jdk.equals("getFirst")
                || jdk.equals("getLast") || jdk.equals("lastElement") || jdk.equals("firstElement");
    }

    /* An IndexOutOfBoundsException of index -1 in a sequence of length 0: the last element
     * of an empty list (remove(size() - 1)). */
    private static boolean lastOfEmpty(Throwable t) {
        return t instanceof IndexOutOfBoundsException && "Index -1 out of bounds for length 0".equals(t.getMessage());
    }

    /*
     * A JDK object's own refusal: a RuntimeException type of the JDK's outside java.lang,
     * java.util and java.nio (a DOMException, a DateTimeException), thrown in the JDK's code;
     * never the JVM's faults nor the collections' (a ConcurrentModificationException of the
     * caller's list is the library's misuse of it) nor a buffer's (a BufferUnderflowException is
     * the library reading past the caller's buffer unchecked).
     */
    private static boolean jdkRefusal(Throwable t, StackTraceElement frame) {
        String c = t.getClass().getName();
        return t instanceof RuntimeException && isJdk(c) && isJdk(frame.getClassName())
                && !c.startsWith("java.lang.") && !c.startsWith("java.util.") && !c.startsWith("java.nio.");
    }

    /*
     * A plain RuntimeException the library throws around an exception of its own type (opencsv
     * passing its CsvMalformedLineException out of an Iterator, or a worker thread's
     * CsvBeanIntrospectionException out of CsvToBean): the library's designed report, only
     * made unchecked. Judged by the cause as ownSignal judges the library's own types: not one
     * named for an internal failure or owning up to one in its message, and not one a JVM
     * fault caused. A cause of the JDK's (a reflective access refused) leaves it the
     * library's. Why, else null.
     */
    private static String wrappedOwnSignal(Throwable t, StackTraceElement[] st, int k) {
        Throwable cause = t.getCause();
        if (t.getClass() != RuntimeException.class || cause == null || cause == t || isJdk(st[0].getClassName())
                || !inLibraryOrJdk(st, 0, k)) {
            return null;
        }
        String c = cause.getClass().getName();
        String library = library(st[k - 1].getClassName());
        if (isJdk(c) || !library(c).equals(library) || cause instanceof com.jvmfuzz.shim.detectors.SecurityIssue
                || INTERNAL_FAILURE.matcher(cause.getClass().getSimpleName()).find()
                || ownsFailure(String.valueOf(cause.getMessage())) || ownsFailure(String.valueOf(t.getMessage()))
                || causedByJvmFault(t, st[k - 1])) {
            return null;
        }
        return "the library's own " + cause.getClass().getSimpleName() + ", wrapped in a RuntimeException";
    }

    /* An exception class of the frame's own library (commons-collections4's FunctorException
     * from its ExceptionClosure): thrown on purpose, never a fault of the JVM. */
    private static boolean ownType(Throwable t, StackTraceElement frame) {
        String c = t.getClass().getName();
        return t instanceof RuntimeException && !isJdk(c) && !isJdk(frame.getClassName())
                && library(c).equals(library(frame.getClassName()));
    }

    /* The frame's method, called on an object of class c, is the frame's class's own instance
     * method: the nearest class declaring a method of that name is the frame's (or none is,
     * and the frame's is an interface of c: a default method). */
    private static boolean runsAs(Class<?> c, StackTraceElement frame) {
        String name = frame.getMethodName();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (java.lang.reflect.Method m : k.getDeclaredMethods()) {
                if (m.getName().equals(name) && !m.isBridge()) {
                    return k.getName().equals(frame.getClassName())
                            && !java.lang.reflect.Modifier.isStatic(m.getModifiers());
                }
            }
        }
        try {
            Class<?> owner = Class.forName(frame.getClassName(), false, loader);
            return owner.isInterface() && owner.isAssignableFrom(c);
        } catch (ClassNotFoundException unknown) {
            return false;
        }
    }

    /* One of the String arguments holds `value` somewhere inside (a template "${dns:host}"). */
    private static boolean inTemplate(String value) {
        // A character or two inside a text tells nothing (a quote character compiled as a
        // pattern, "*", found in whatever text the call was given).
        for (String a : textArguments()) {
            if (a != null && value.length() >= 3 && a.contains(value)) {
                return true;
            }
        }
        return false;
    }

    /*
     * The innermost frame in the packages under test belongs to an object of a class the
     * driver built for this run (a DnsStringLookup it made with the library's factory and handed
     * to a StringSubstitutor): the dangerous capability is one the caller chose, and the text
     * that reached it is the caller's. Its class name, else null. A lookup the library made
     * itself (the default interpolator's script lookup: Text4Shell) is no object the caller
     * built, and stays a bug.
     */
    private static String builtFrame(StackTraceElement[] st, int k) {
        // Not the JDK, nor a dependency (commons-lang3's ClassUtils under a lookup).
        int i = innermostUnderTest(st, k);
        Class<?> made = i < 0 ? null : builtAs(st[i]);
        return made == null ? null : made.getName();
    }

    /*
     * An index or null check the library wrote itself: an IndexOutOfBoundsException or
     * StringIndexOutOfBoundsException created by library code (the JVM's own index faults are
     * ArrayIndexOutOfBoundsExceptions, the JDK's come from JDK frames), or a
     * NullPointerException created by library code or Objects.requireNonNull (the JVM's own
     * null faults carry its "Cannot ..." message). Returns the checking frame, or null.
     */
    private static String explicitCheck(Throwable t, StackTraceElement[] st, int k) {
        Class<?> c = t.getClass();
        boolean index = c == IndexOutOfBoundsException.class || c == StringIndexOutOfBoundsException.class;
        boolean nul = c == NullPointerException.class
                && !String.valueOf(t.getMessage()).startsWith("Cannot ");
        if (!index && !nul) {
            return null;
        }
        String library = library(st[k - 1].getClassName());
        String top = st[0].getClassName();
        boolean fromLibrary = !isJdk(top) && library(top).equals(library);
        boolean fromRequire = nul && top.equals("java.util.Objects") && st[0].getMethodName().startsWith("require");
        int checker = index && !fromLibrary ? objectsCheck(st, library) : -1;
        if (checker > 0 && indexArgumentIn(t) != Long.MIN_VALUE) {
            return inLibraryOrJdk(st, checker, k) ? st[checker].getClassName() + "." + st[checker].getMethodName()
                    + " (by Objects." + st[checker - 1].getMethodName() + ")" : null;
        }
        if (!fromLibrary && !fromRequire) {
            return null;
        }
        if (!inLibraryOrJdk(st, 1, k)) {
            return null;
        }
        return st[0].getClassName() + "." + st[0].getMethodName();
    }

    /*
     * The library's frame that called Objects.checkIndex, checkFromToIndex or
     * checkFromIndexSize, the JDK's frames above it all that check's (jackson-core's
     * BufferRecycler._charSlot checking a slot number it was given): an index check written
     * on purpose, as one that throws itself, when the index or range it names holds an integer
     * argument of the call (explicitCheck; an index the library computed, checked on its way
     * into a list of its own, stays its bug). Its position in st, else -1.
     */
    private static int objectsCheck(StackTraceElement[] st, String library) {
        int f = 0;
        while (f < st.length && st[f].getClassName().startsWith("jdk.internal.util.Preconditions")) {
            f++;
        }
        if (f >= st.length - 1 || !st[f].getClassName().equals("java.util.Objects")
                || !st[f].getMethodName().startsWith("check")) {
            return -1;
        }
        String c = st[f + 1].getClassName();
        return !isJdk(c) && library(c).equals(library) ? f + 1 : -1;
    }

    /*
     * A JDK method rejecting a value the call passed on through the library's own methods
     * (Charset.forName via a toCharset helper, Thread.sleep via a duration helper,
     * Array.getLength, BigDecimal.setScale): an IllegalArgumentException or ArithmeticException
     * (not a state or null failure: the JDK object may be one the library made itself, an
     * iterator removed from twice). Not when its message names
     * a number none of the integer arguments is (a value the library computed), and not when
     * the method's Javadoc documents another unchecked exception type (StringUtils.join promises
     * an ArrayIndexOutOfBoundsException and throws Stream.skip's IllegalArgumentException: a
     * bug). Returns the JDK method, else null.
     */
    private static String passedToJdk(Throwable t, StackTraceElement[] st, int k, StackTraceElement call) {
        boolean type = t instanceof IllegalArgumentException || t.getClass() == ArithmeticException.class
                || jdkNullCheck(t, st) || duplicateKey(t, st);
        if (!type || t instanceof java.util.IllegalFormatException || !isJdk(st[0].getClassName())
                || st[0].getClassName().equals("java.lang.Character")) {
            return null;
        }
        int first = belowJdk(st, k);
        String via = "";
        if (first < 0) {
            first = calledBack(st, k);
            Class<?> made = first < 0 ? null : builtAs(st[callbackEnd(st, k, first) - 1]);
            if (made == null) {
                return null;
            }
            via = " (called back, in the " + made.getName() + " the caller built)";
        }
        if (computedNumber(t, call) || documentsOtherUnchecked(t, call)) {
            return null;
        }
        StackTraceElement jdk = st[first - 1];
        return jdk.getClassName() + "." + jdk.getMethodName() + via;
    }

    /*
     * The pattern is one text of the caller's followed by the end of another, whose prefix of
     * that length it replaces, nothing of the library's in between (commons-validator's IBANValidator.Validator(countryCode, length,
     * regexWithCC) compiling countryCode + regexWithCC.substring(countryCode.length()): the
     * caller's regular expression, its prefix replaced by the caller's country code). A
     * library that puts a text of the caller's into a pattern of its own adds text of its own
     * (a real injection); a whole argument as the pattern is isArgument's.
     */
    private static boolean piecedFromCallersTexts(String pattern) {
        java.util.List<String> texts = new ArrayList<>();
        for (String a : textArguments()) {
            if (a != null && !a.isEmpty()) {
                texts.add(a);
            }
        }
        for (int i = 0; i < configuredStringCount; i++) {
            if (!configuredStrings[i].isEmpty()) {
                texts.add(configuredStrings[i]);
            }
        }
        for (String head : texts) {
            if (head.length() >= pattern.length() || !pattern.startsWith(head)) {
                continue;
            }
            String tail = pattern.substring(head.length());
            for (String other : texts) {
                // The end of another text after a prefix of the head's length, which the
                // method cut and replaced (so never the head itself: `user + "*"` on a user
                // of "a(*" is the library's own pattern).
                if (other.length() == head.length() + tail.length() && other.endsWith(tail)) {
                    return true;
                }
            }
        }
        return false;
    }

    /*
     * The JDK refused a value that `call`, whose Javadoc @return answers invalid input by the
     * result (null, or false), made of the value it judges (BigDecimalValidator.validate("NaN") parsed to a double NaN,
     * then BigDecimal.valueOf): the promise is broken. Only when that value is the call's one
     * String argument: beside a second one (validate(value, pattern)) the refusal may be of the
     * other ("invalid ISO 8601 format" of the caller's SimpleDateFormat pattern names neither);
     * and not when the refusal names another value of the caller's (a style the validator was
     * built with).
     */
    private static boolean breaksNullPromise(Throwable t, StackTraceElement call) {
        return stringArgs.length <= 1 && REPORTS_INVALID.contains(call.getClassName() + "::" + call.getMethodName())
                && !namesOtherValue(t);
    }

    /*
     * The exception's message names a value of the caller's other than the String argument a
     * validator judges: a String a set-up call was given (see namesText), or an integer
     * argument of the call or a set-up call ("Illegal date style 46" of a validator built with
     * style 46). Short Strings unquoted and the integers 0 and 1 are too common to name
     * anything.
     */
    private static boolean namesOtherValue(Throwable t) {
        String message = String.valueOf(t.getMessage());
        for (int i = 0; i < configuredStringCount; i++) {
            if (namesText(message, configuredStrings[i])) {
                return true;
            }
        }
        java.util.regex.Matcher m = NUMBER.matcher(message);
        while (m.find()) {
            long n;
            try {
                n = Long.parseLong(m.group());
            } catch (NumberFormatException huge) {
                continue;
            }
            if (n == 0 || n == 1) {
                continue;
            }
            for (long v : intArgs) {
                if (v == n) {
                    return true;
                }
            }
            for (int i = 0; i < configuredCount; i++) {
                if (configured[i] == n) {
                    return true;
                }
            }
        }
        return false;
    }

    /* The message holds the text (of three characters or more, or in quotes: "it" is in
     * "neither"), or quotes one character of it ("Illegal pattern character 't'" of
     * SimpleDateFormat's pattern). */
    private static boolean namesText(String message, String text) {
        if (text == null || text.isEmpty()) {
            return false;
        }
        if ((text.length() > 2 && message.contains(text)) || message.contains("\"" + text + "\"")
                || message.contains("'" + text + "'")) {
            return true;
        }
        java.util.regex.Matcher m = QUOTED_CHAR.matcher(message);
        while (m.find()) {
            if (text.indexOf(m.group(1).charAt(0)) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static final java.util.regex.Pattern QUOTED_CHAR = java.util.regex.Pattern.compile("'(.)'");

    /*
     * As belowJdk, with one JDK callback in between: thrown in the JDK (frames 0..first-1),
     * called from the call's library (first..m-1), called back by the JDK (m..n-1: a stream's
     * collect calling a collector's finisher) from the call's library (n..k-1). The first
     * library frame, else -1. passedToJdk takes it only when frames first..m-1 run in an object
     * the driver built (an ArrayCollector made for void.class): what the JDK rejects is then
     * what the caller's object held, as a value handed straight on is.
     */
    private static int calledBack(StackTraceElement[] st, int k) {
        int first = underJdk(st, k);
        if (first < 0) {
            return -1;
        }
        int m = callbackEnd(st, k, first);
        int n = m;
        while (n < k && isJdk(st[n].getClassName())) {
            n++;
        }
        if (m == first || m >= k || n >= k || n == m) {
            return -1;
        }
        if (!inLibrary(st, n, k)) {
            return -1;
        }
        // The callback's object is not the call's own class (its lambda run by its own stream).
        return st[m - 1].getClassName().equals(st[k - 1].getClassName()) ? -1 : first;
    }

    /* The first JDK frame at or after `first` (of the call's library up to it), else k. */
    private static int callbackEnd(StackTraceElement[] st, int k, int first) {
        String library = library(st[k - 1].getClassName());
        int m = first;
        while (m < k && !isJdk(st[m].getClassName())) {
            if (!library(st[m].getClassName()).equals(library)) {
                return k;
            }
            m++;
        }
        return m;
    }

    /*
     * Thrown in the JDK (frames 0 .. first-1), called from the call's library only (frames
     * first .. k-1): the first library frame, else -1 (not thrown in the JDK, or a JDK callback
     * or another library in between: nothing the call passed on).
     */
    private static int belowJdk(StackTraceElement[] st, int k) {
        int first = underJdk(st, k);
        if (first < 0) {
            return -1;
        }
        return inLibrary(st, first, k) ? first : -1;
    }

    /*
     * The JVM's null fault on the stream a java.io filter wraps ("this.out" of a
     * FilterOutputStream, "this.in" of a FilterInputStream, likewise FilterReader/FilterWriter),
     * in a method of a filter class: the object was built without the stream it needs
     * (commons-codec's Base58OutputStream.builder().get() with no setOutputStream). The filter
     * class, else null. Its own fields' null faults stay bugs.
     */
    private static String wrapsNothing(Throwable t, StackTraceElement[] st) {
        if (t.getClass() != NullPointerException.class || st.length == 0) {
            return null;
        }
        String m = String.valueOf(t.getMessage());
        String field = m.endsWith("because \"this.in\" is null") ? "in"
                : m.endsWith("because \"this.out\" is null") ? "out" : null;
        if (field == null) {
            return null;
        }
        try {
            Class<?> c = Class.forName(st[0].getClassName(), false, loader);
            boolean filter = "in".equals(field)
                    ? java.io.FilterInputStream.class.isAssignableFrom(c) || java.io.FilterReader.class.isAssignableFrom(c)
                    : java.io.FilterOutputStream.class.isAssignableFrom(c) || java.io.FilterWriter.class.isAssignableFrom(c);
            // The field the message names is java.io's, not one of the class's own of that name.
            Class<?> owner = filter ? fieldOwner(c, field) : null;
            return owner != null && owner.getName().startsWith("java.io.") ? site(t).getClassName() : null;
        } catch (ClassNotFoundException | LinkageError unknown) {
            return null;
        }
    }

    /*
     * The JVM's NullPointerException on a field of the throwing object that the caller has
     * not set up:
     * - one the library lets the caller set with a public setter (`this.iterator` of
     *   commons-collections4's TransformIterator, built with its no-argument constructor,
     *   which "will not function until setIterator is invoked");
     * - one a method other than a constructor gives its value (the set-up fields the fuzzer
     *   read from the bytecode: commons-math3's EmpiricalDistribution before `load`, an
     *   optimizer's `target` before `optimize`), when the throwing object is the one under
     *   test (its class and the called method's are one line of the hierarchy), not an
     *   internal object the method built itself.
     * A null field that only constructors write stays the class's own bug, and so does one
     * its getter fails on. "the X built without its f (...)", else null.
     */
    private static String unsetField(Throwable t, StackTraceElement[] st, StackTraceElement call) {
        if (t.getClass() != NullPointerException.class || st.length == 0 || isJdk(st[0].getClassName())) {
            return null;
        }
        String m = String.valueOf(t.getMessage());
        String tail = "\" is null";
        int at = m.lastIndexOf("because \"this.");
        if (!m.startsWith("Cannot ") || at < 0 || !m.endsWith(tail)) {
            return null;
        }
        String field = m.substring(at + "because \"this.".length(), m.length() - tail.length());
        if (field.isEmpty() || field.contains(".")) {
            return null;
        }
        String property = Character.toUpperCase(field.charAt(0)) + field.substring(1);
        String thrower = st[0].getMethodName();
        if (thrower.equals("get" + property) || thrower.equals("is" + property) || thrower.equals(field)) {
            // Its own getter failing on the default value (commons-lang3's
            // ReflectionToStringBuilder.getExcludeFieldNames cloning a null array): a bug.
            return null;
        }
        String setter = "set" + property;
        try {
            Class<?> c = Class.forName(st[0].getClassName(), false, loader);
            for (java.lang.reflect.Method x : c.getMethods()) {
                if (x.getName().equals(setter) && x.getParameterCount() == 1
                        && !java.lang.reflect.Modifier.isStatic(x.getModifiers())) {
                    return "the " + c.getName() + " built without its " + field + " (" + setter + " not called)";
                }
            }
            Class<?> owner = fieldOwner(c, field);
            String[] writers = owner == null ? null : SET_UP.get(owner.getName() + " " + field);
            if (writers == null || call == null || !sameLine(c, Class.forName(call.getClassName(), false, loader))) {
                return null;
            }
            return usedBefore(c, field, writers);
        } catch (ClassNotFoundException | LinkageError unknown) {
            return null;
        }
    }

    private static final java.util.regex.Pattern NULL_ARRAY = java.util.regex.Pattern.compile(
            "^Cannot (?:read the array length|(?:load from|store to) ([\\w/]+) array) because \"([^\".]+)\" is null$");
    private static final java.util.regex.Pattern NULL_RETURN = java.util.regex.Pattern.compile(
            "because the return value of \"([\\w.$]+)\\.(\\w+)\\(\\)\" is null$");

    /*
     * The NullPointerException of an object the driver built and used before its set-up,
     * where the null is not named as the field (unsetField's case) but reached the failing
     * code another way. Two shapes, each tied to a set-up field (SET_UP) that is null in
     * that very object when the call failed:
     * - an array in a local or a parameter ("value", "<local2>") under a frame of the
     *   object's class, while one of the object's array fields of that element type is
     *   still unset (jackson-core's TextBuffer before any segment, whose contentsAsDouble
     *   hands its null segment to NumberInput.parseDouble; a root symbol table);
     * - the return value of an Object-typed getter of a field the caller fills
     *   (commons-math3's BSPTree.getAttribute on a tree built without its attribute, unboxed
     *   as the Boolean its regions require).
     * Objects only: a null object local (a search that found nothing) and a getter of a
     * typed field (BSPTree.getPlus on a leaf the library made) stay the library's. What it
     * costs: "read the array length" names no element type, so any unset array field counts
     * there; and neither shape proves that the null came from that very object (a null the
     * library made, beside a built object still unset, is called the caller's).
     */
    private static String unsetSlot(Throwable t, StackTraceElement[] st, int k) {
        if (t.getClass() != NullPointerException.class || st.length == 0 || builtCount == 0 || SET_UP.isEmpty()) {
            return null;
        }
        String msg = String.valueOf(t.getMessage());
        java.util.regex.Matcher a = NULL_ARRAY.matcher(msg);
        java.util.regex.Matcher r = NULL_RETURN.matcher(msg);
        java.util.regex.Matcher l = NULL_LOCAL.matcher(msg);
        boolean array = a.find();
        boolean returned = !array && r.find();
        boolean local = !array && !returned && l.find();
        if (!array && !returned && !local) {
            return null;
        }
        for (int j = 0; j < builtCount; j++) {
            Object o = builtObjects[j];
            if (o == null) {
                continue;
            }
            Class<?> c = o.getClass();
            if (local) {
                String unset = atWork(c, st, k) ? unsetNamesake(c, o, l.group(1), l.group(2)) : null;
                if (unset != null) {
                    return unset;
                }
            } else if (array) {
                boolean atWork = false;
                for (int i = 0; i < Math.min(k, st.length) && !atWork; i++) {
                    try {
                        atWork = !isJdk(st[i].getClassName())
                                && sameLine(c, Class.forName(st[i].getClassName(), false, loader));
                    } catch (ClassNotFoundException | LinkageError unknown) {
                        // a frame whose class this loader does not see: not the object's
                    }
                }
                if (!atWork) {
                    continue;
                }
                String elem = a.group(1);
                for (Class<?> h = c; h != null && h != Object.class; h = h.getSuperclass()) {
                    for (java.lang.reflect.Field f : declaredFields(h)) {
                        Class<?> ft = f.getType();
                        String[] writers = SET_UP.get(h.getName() + " " + f.getName());
                        if (writers == null || !ft.isArray() || java.lang.reflect.Modifier.isStatic(f.getModifiers())
                                || elem != null && !elementNamed(ft.getComponentType(), elem)
                                || isGetterOf(st[0].getMethodName(), f.getName()) || !isNull(f, o)) {
                            continue;
                        }
                        return usedBefore(c, f.getName(), writers);
                    }
                }
            } else {
                try {
                    Class<?> holder = Class.forName(r.group(1), false, loader);
                    java.lang.reflect.Method getter = holder.getMethod(r.group(2));
                    String property = propertyOf(r.group(2));
                    if (getter.getReturnType() != Object.class || property == null || !holder.isInstance(o)) {
                        continue;
                    }
                    Class<?> owner = fieldOwner(c, property);
                    String[] writers = owner == null ? null : SET_UP.get(owner.getName() + " " + property);
                    if (writers != null && isNull(owner.getDeclaredField(property), o)) {
                        return usedBefore(c, property, writers);
                    }
                } catch (ReflectiveOperationException | LinkageError | RuntimeException unknown) {
                    return null;
                }
            }
        }
        return null;
    }

    private static final java.util.regex.Pattern NULL_LOCAL = java.util.regex.Pattern.compile(
            "^Cannot invoke \"([\\w.$]+)\\.[\\w$<>]+\\(.*\\)\" because \"(\\w+)\" is null$");

    /* A frame from the fault up to the call runs code of c's line (sameLine). */
    private static boolean atWork(Class<?> c, StackTraceElement[] st, int k) {
        for (int i = 0; i < Math.min(k, st.length); i++) {
            try {
                if (!isJdk(st[i].getClassName()) && sameLine(c, Class.forName(st[i].getClassName(), false, loader))) {
                    return true;
                }
            } catch (ClassNotFoundException | LinkageError unknown) {
                // a frame whose class this loader does not see: not the object's
            }
        }
        return false;
    }

    /*
     * The third shape of unsetSlot: a local or parameter of a type the failing call was made
     * on ("because \"typeTree\" is null", invoking RecursiveType.getRecursiveMembers) named
     * as a set-up field of the object that only methods write (no constructor), of that
     * type, still null: the field handed on to a helper (opencsv's AbstractMappingStrategy
     * passing recursiveTypeTree, which setType builds, to indexSubordinateBeans). The name
     * ties the two: the field's name is the local's or ends with it. Why, else null.
     */
    private static String unsetNamesake(Class<?> c, Object o, String invokedOn, String name) {
        Class<?> type = null;
        // The JVM names java.lang's types without their package ("String.length()").
        for (String n : invokedOn.contains(".") ? new String[] {invokedOn} : new String[] {invokedOn, "java.lang." + invokedOn}) {
            try {
                type = Class.forName(n, false, loader);
                break;
            } catch (ClassNotFoundException | LinkageError unknown) {
                // the next spelling
            }
        }
        if (type == null) {
            return null;
        }
        for (Class<?> h = c; h != null && h != Object.class; h = h.getSuperclass()) {
            for (java.lang.reflect.Field f : declaredFields(h)) {
                String[] writers = SET_UP.get(h.getName() + " " + f.getName());
                // A link to an object of the same kind (a parent, a next) is null at the end
                // of its chain by nature, as in unsetInBuilt.
                if (writers == null || constructorWrites(writers)
                        || java.lang.reflect.Modifier.isStatic(f.getModifiers()) || !type.isAssignableFrom(f.getType())
                        || sameLine(c, f.getType()) || !namedFor(f.getName(), name) || !isNull(f, o)) {
                    continue;
                }
                return usedBefore(c, f.getName(), writers);
            }
        }
        return null;
    }

    /* A field named for a local: the same name, or a name ending in it at a word of its camel
     * case, when the local has two words or more (recursiveTypeTree and typeTree; not
     * headerMap and map). */
    static boolean namedFor(String field, String local) {
        if (field.equalsIgnoreCase(local)) {
            return true;
        }
        int at = field.length() - local.length();
        boolean words = local.chars().skip(1).anyMatch(Character::isUpperCase);
        return words && at > 0 && Character.isUpperCase(field.charAt(at))
                && field.substring(at).equalsIgnoreCase(local);
    }

    private static final java.util.regex.Pattern NULL_THIS_FIELD =
            java.util.regex.Pattern.compile("^Cannot .* because \"this\\.(\\w+)\" is null$");
    private static final java.util.regex.Pattern NULL_INVOKED = java.util.regex.Pattern.compile(
            "^Cannot invoke \"([\\w.$]+)\\.[\\w$<>]+\\(.*\\)\" because (?:the return value of \"([\\w.$]+)\\.(\\w+)\\(\\)\"|\"(?:[\\w.$<>\\[\\]]+\\.)?(\\w+)\") is null$");

    /*
     * The NullPointerException of an object the driver built and handed on, deeper than
     * unsetField looks (a part of the call's receiver, or one of its arguments: commons-compress's
     * BcBands over a `new Segment()` that never read a segment, whose getCpBands() is null), on
     * a set-up field no constructor writes, itself or through a method of its own class it
     * calls (or one the constructor the caller chose left null: builtBornNull), and not a link
     * to an object of its own kind (a next segment: null ends the chain). The null must be in
     * that built object when the call failed, and the message must name that field: as `this.f` in a frame of the object's class, or as the null whose
     * method it invokes, by the field's name (a local named for it, `cpBands`) or its getter's
     * (`getCpBands()` of the object's class), the field of the invoked type. A local of another
     * name (a lookup's result) is not tied to the field, whatever is unset beside it.
     * What it costs: a null of an object the library made, beside a built object of the same
     * class still unset, is called the caller's.
     */
    private static String unsetInBuilt(Throwable t, StackTraceElement[] st, int k) {
        if (t.getClass() != NullPointerException.class || st.length == 0 || builtCount == 0 || SET_UP.isEmpty()
                || isJdk(st[0].getClassName()) || !inLibraryJdkOrDependency(st, 0, k)) {
            return null;
        }
        String msg = String.valueOf(t.getMessage());
        java.util.regex.Matcher own = NULL_THIS_FIELD.matcher(msg);
        java.util.regex.Matcher invoked = NULL_INVOKED.matcher(msg);
        String named = own.find() ? own.group(1) : null;
        boolean viaInvoke = named == null && invoked.find();
        Class<?> type = null;
        Class<?> holder = null;
        String getter = null;
        Class<?> thrower;
        try {
            thrower = Class.forName(st[0].getClassName(), false, loader);
            if (viaInvoke) {
                type = Class.forName(invoked.group(1), false, loader);
                if (invoked.group(2) != null) {
                    holder = Class.forName(invoked.group(2), false, loader);
                    getter = invoked.group(3);
                } else {
                    named = invoked.group(4);
                }
            }
        } catch (ClassNotFoundException | LinkageError unknown) {
            return null;
        }
        if (named == null && getter == null) {
            return null;
        }
        for (int j = 0; j < builtCount; j++) {
            Object o = builtObjects[j];
            if (o == null || (!viaInvoke && !thrower.isInstance(o)) || (holder != null && !holder.isInstance(o))) {
                continue;
            }
            for (Class<?> h = o.getClass(); h != null && h != Object.class; h = h.getSuperclass()) {
                for (java.lang.reflect.Field f : declaredFields(h)) {
                    String[] writers = SET_UP.get(h.getName() + " " + f.getName());
                    // A link to another object of its own kind (a next, a parent) is null
                    // at the end of the chain by nature: the code must check it. A field a
                    // constructor writes counts only when the constructor the caller chose
                    // left it null (ValidatorResources() before addFormSet or process, handed
                    // to a Validator); one that was set when the object was handed over and
                    // is null now was nulled by the library.
                    if (writers == null
                            || constructorWrites(writers) && !bornNull(j, f)
                            || java.lang.reflect.Modifier.isStatic(f.getModifiers())
                            || isGetterOf(st[0].getMethodName(), f.getName()) || sameLine(f.getType(), h)) {
                        continue;
                    }
                    boolean fits = getter != null ? isGetterOf(getter, f.getName()) : f.getName().equals(named);
                    if (viaInvoke) {
                        fits &= type.isAssignableFrom(f.getType()) && !isJdk(f.getType().getName());
                    }
                    if (fits && isNull(f, o)) {
                        return usedBefore(o.getClass(), f.getName(), writers);
                    }
                }
            }
        }
        return null;
    }

    /* The j-th built object's field f was null when it was handed over. */
    private static boolean bornNull(int j, java.lang.reflect.Field f) {
        long unset = builtBornNull[j];
        if (unset == 0 || builtObjects[j] == null) {
            return false;
        }
        java.lang.reflect.Field[] fields = bornSetUp(builtObjects[j].getClass());
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].equals(f)) {
                return (unset & (1L << i)) != 0;
            }
        }
        return false;
    }

    /*
     * The fields c declares, or none when reflection cannot list them (a field's type from a
     * dependency missing on the class path): the classifier must not throw.
     */
    private static java.lang.reflect.Field[] declaredFields(Class<?> c) {
        try {
            return c.getDeclaredFields();
        } catch (LinkageError | RuntimeException unreadable) {
            return new java.lang.reflect.Field[0];
        }
    }

    private static String usedBefore(Class<?> c, String field, String[] all) {
        // The marks of a field a constructor writes too: no method to name.
        String[] writers = java.util.Arrays.stream(all)
                .filter(w -> !w.equals(EVERY_CONSTRUCTOR) && !w.equals(SOME_CONSTRUCTORS)).toArray(String[]::new);
        String by = String.join(", ", java.util.Arrays.asList(writers).subList(0, Math.min(3, writers.length)));
        return "the " + c.getName() + " used before its " + field + " was set up (by " + by
                + (writers.length > 3 ? ", ..." : "") + ")";
    }

    /*
     * "char" for char[], "byte/boolean" for either (baload and bastore serve both), "object"
     * for any reference array, as the JVM's messages name them.
     */
    private static boolean elementNamed(Class<?> component, String named) {
        if (!component.isPrimitive()) {
            return named.equals("object");
        }
        return java.util.Arrays.asList(named.split("/")).contains(component.getName());
    }

    /* getFoo, isFoo or foo for the field foo (or _foo). */
    private static boolean isGetterOf(String method, String field) {
        String bare = field.startsWith("_") ? field.substring(1) : field;
        if (bare.isEmpty()) {
            return false;
        }
        String property = Character.toUpperCase(bare.charAt(0)) + bare.substring(1);
        return method.equals("get" + property) || method.equals("is" + property) || method.equals(bare);
    }

    /* The field a getter getFoo or isFoo reads: foo. */
    private static String propertyOf(String getter) {
        int skip = getter.startsWith("get") ? 3 : getter.startsWith("is") ? 2 : -1;
        if (skip < 0 || getter.length() <= skip) {
            return null;
        }
        return Character.toLowerCase(getter.charAt(skip)) + getter.substring(skip + 1);
    }

    private static boolean isNull(java.lang.reflect.Field f, Object o) {
        try {
            f.setAccessible(true);
            return f.get(o) == null;
        } catch (ReflectiveOperationException | RuntimeException inaccessible) {
            return false;
        }
    }

    /* The class (c or a superclass) that declares the instance field of that name, or null. */
    private static Class<?> fieldOwner(Class<?> c, String field) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (java.lang.reflect.Field f : k.getDeclaredFields()) {
                if (f.getName().equals(field)) {
                    return java.lang.reflect.Modifier.isStatic(f.getModifiers()) ? null : k;
                }
            }
        }
        return null;
    }

    /* One class is the other or one of its supertypes. */
    private static boolean sameLine(Class<?> a, Class<?> b) {
        return a.isAssignableFrom(b) || b.isAssignableFrom(a);
    }

    /*
     * The JVM's array bounds check in the library just past the end of an output array the
     * caller gave ("Index 60 out of bounds for length 60", an `out` of length 60): the caller's
     * array is too short for what it asked to be written (commons-codec's Hex.encodeHex(data,
     * ..., out, outOffset)). Reading past an input array stays the method's. Why, else null.
     */
    private static String pastOutputEnd(Throwable t, StackTraceElement[] st, int k) {
        Object[] outs = outputArgs;
        if (k == 1 && atCall && storeArrays.length > 0 && current >= 0 && current < muts.length
                && muts[current].equals(st[0].getClassName() + "::" + st[0].getMethodName())) {
            // Thrown on a line of the method under test that writes a fixed element of an
            // array parameter (and reads no array, in a method with no array of its own): an
            // index just past the end of one of its array arguments is that argument's.
            for (int line : storeLines) {
                if (line == st[0].getLineNumber()) {
                    outs = storeArrays;
                    break;
                }
            }
        }
        if (!(t instanceof ArrayIndexOutOfBoundsException) || outs.length == 0 || isJdk(st[0].getClassName())) {
            return null;
        }
        List<Long> n = numbers(t);
        if (n.size() != 2 || !n.get(0).equals(n.get(1))) {
            return null;
        }
        if (!inLibrary(st, 0, k)) {
            return null;
        }
        for (Object o : outs) {
            if (o != null && o.getClass().isArray() && lengthOf(o) == n.get(0)) {
                return "output array argument of length " + n.get(0) + " too short";
            }
        }
        return null;
    }

    /* Thrown by the call itself: every frame up to it is the call's method (its bridge method
     * of an erased or covariant signature, Base45.Builder.setLineLength's, in between), after
     * any helper of the call's library named for making the exception (joda-time's
     * UnsupportedDateTimeField.unsupported(), commons-collections4's
     * FixedSizeList.unsupportedOperationException()). */
    /*
     * An UnsupportedOperationException a constructor of the call's library throws itself (its
     * own frame on top), every frame up to the call the library's: what a constructor refuses
     * is what it was given, however it names the refusal (opencsv's CSVParser refusing a
     * separator of NUL, or one equal to the quote, that CSVParserBuilder.build() was
     * configured with). One from a method, or the JDK's (a read-only list written to), is
     * judged as before. The constructor, else null.
     */
    private static String constructorRefuses(StackTraceElement[] st, int k) {
        StackTraceElement top = st[0];
        if (!top.getMethodName().equals("<init>") || isJdk(top.getClassName()) || !inLibraryOrJdk(st, 0, k)
                || !library(top.getClassName()).equals(library(st[k - 1].getClassName()))) {
            return null;
        }
        return "the " + top.getClassName() + " constructor";
    }

    private static boolean thrownByCall(StackTraceElement[] st, int k) {
        String library = library(st[k - 1].getClassName());
        int first = 0;
        while (first < k - 1 && st[first].getMethodName().toLowerCase(java.util.Locale.ROOT).contains("unsupported")
                && !isJdk(st[first].getClassName()) && library(st[first].getClassName()).equals(library)) {
            first++;
        }
        for (int i = first; i < k - 1; i++) {
            if (!st[i].getClassName().equals(st[k - 1].getClassName())
                    || !st[i].getMethodName().equals(st[k - 1].getMethodName())) {
                return false;
            }
        }
        return true;
    }

    /*
     * An operation the receiver's class refuses itself, which the called method, declared in a
     * supertype, relies on (jackson-core's ObjectReadContext.createParser, a default method,
     * asking the no-op ObjectReadContext.Base of empty() for its stream factory): the caller
     * chose an implementation without it. The refusing frame, past helpers named for refusing,
     * sits directly under the call and runs code of the receiver's own class, a subtype of the
     * called one; anything deeper (a read-only list the receiver made, written to) is judged
     * as usual. What refuses, else null.
     */
    private static String receiverRefuses(StackTraceElement[] st, int k) {
        int first = 0;
        while (first < k - 1 && st[first].getMethodName().toLowerCase(java.util.Locale.ROOT).contains("unsupported")
                && !isJdk(st[first].getClassName())) {
            first++;
        }
        StackTraceElement call = st[k - 1];
        if (first >= k - 1 || isJdk(st[first].getClassName()) || st[first].getClassName().equals(call.getClassName())) {
            return null;
        }
        for (int i = first + 1; i < k; i++) {
            if (!st[i].getClassName().equals(call.getClassName()) || !st[i].getMethodName().equals(call.getMethodName())) {
                return null;
            }
        }
        try {
            Class<?> called = Class.forName(call.getClassName(), false, loader);
            Class<?> refusing = Class.forName(st[first].getClassName(), false, loader);
            if (!called.isAssignableFrom(refusing)) {
                return null;
            }
            for (int j = 0; j < builtCount; j++) {
                if (called.isAssignableFrom(built[j]) && refusing.isAssignableFrom(built[j]) && runsAs(built[j], st[first])) {
                    return "the " + built[j].getName() + " the caller chose refuses " + st[first].getMethodName();
                }
            }
        } catch (ClassNotFoundException | LinkageError unknown) {
            // not loadable from here: not known to be the receiver's
        }
        return null;
    }

    /*
     * An UnsupportedOperationException made by the library's helper named for it, called by
     * methods of that helper's class only, straight under the call (jackson-core's
     * ObjectReadContext.Base.readTree reporting through _reportUnsupportedOperation, reached
     * from JsonParserDelegate.readValueAsTree over a parser a factory gave the empty read
     * context): the class says on purpose what it does not do. The class, else null. (A frame
     * names the class that declares its method: a subclass that forgot to override a refusing
     * base method looks the same, and is judged contract too.)
     */
    private static String refusedByHelper(StackTraceElement[] st, int k) {
        if (k < 2 || isJdk(st[0].getClassName())) {
            return null;
        }
        if (!st[0].getMethodName().toLowerCase(java.util.Locale.ROOT).contains("unsupported")) {
            return null;
        }
        String cls = st[0].getClassName();
        if (!library(cls).equals(library(st[k - 1].getClassName()))) {
            return null;
        }
        for (int i = 1; i < k - 1; i++) {
            if (!st[i].getClassName().equals(cls)) {
                return null;
            }
        }
        return "the " + cls;
    }

    /*
     * The library's class whose instances exist to refuse (joda-time's UnsupportedDurationField,
     * the duration of an era: every add throws), when the UnsupportedOperationException comes
     * from one of its methods, past its helpers named for refusing (unsupported()); else null.
     * Not a read-only or unmodifiable view: one the library made itself and writes to is its
     * bug (Copier.archive); one the caller built is judged as such (builtMethod).
     */
    private static String unsupportedKind(StackTraceElement[] st, int k) {
        int first = 0;
        while (first < k - 1 && st[first].getMethodName().toLowerCase(java.util.Locale.ROOT).contains("unsupported")) {
            first++;
        }
        String cls = st[first].getClassName();
        String simple = cls.substring(cls.lastIndexOf('.') + 1);
        simple = simple.substring(simple.lastIndexOf('$') + 1);
        return first < k && simple.startsWith("Unsupported") && !isJdk(cls) && inLibraryOrJdk(st, 0, k) ? cls : null;
    }

    private static final java.util.regex.Pattern CAST =
            java.util.regex.Pattern.compile("class (\\S+) cannot be cast to class (\\S+)");

    /*
     * A cast of an object the caller built to a sibling of its class under a type of the
     * library's that the call takes (snakeyaml-engine's scalar constructors, whose construct(Node)
     * casts to ScalarNode, handed a MappingNode): the caller chose a kind the method does not
     * handle. Both classes the library's and the object's class one the caller built; a cast
     * between the JDK's types (a Collection taken as a List) is the library's assumption, a
     * bug. Why, else null.
     */
    static String narrowedCast(Throwable t, StackTraceElement call) {
        java.util.regex.Matcher m = CAST.matcher(String.valueOf(t.getMessage()));
        if (!m.find() || builtCount == 0) {
            return null;
        }
        String from = m.group(1);
        String to = m.group(2);
        String lib = library(call.getClassName());
        if (isJdk(from) || isJdk(to) || !library(from).equals(lib) || !library(to).equals(lib)) {
            return null;
        }
        Class<?> given = null;
        for (int i = 0; i < builtCount; i++) {
            if (built[i].getName().equals(from)) {
                given = built[i];
            }
        }
        Class<?> wanted;
        try {
            wanted = given == null ? null : Class.forName(to, false, given.getClassLoader());
        } catch (ClassNotFoundException | LinkageError unknown) {
            return null;
        }
        if (wanted == null || wanted.isAssignableFrom(given)) {
            return null;
        }
        for (Executable e : executables(call)) {
            for (java.lang.reflect.Type g : e.getGenericParameterTypes()) {
                // The parameter's class, or a type argument of it: the Node of an
                // Optional<Node> (snakeyaml-engine's constructSingleDocument).
                java.lang.reflect.Type[] inside = g instanceof java.lang.reflect.ParameterizedType
                        ? ((java.lang.reflect.ParameterizedType) g).getActualTypeArguments()
                        : new java.lang.reflect.Type[0];
                Class<?> raw = rawClass(g);
                for (int i = -1; i < inside.length; i++) {
                    Class<?> p = i < 0 ? raw : rawClass(inside[i]);
                    if (p != null && p != Object.class && !isJdk(p.getName()) && p.isAssignableFrom(given)
                            && p.isAssignableFrom(wanted)) {
                        String where = i < 0 ? "" : " in " + (raw == null ? "a" : article(raw.getSimpleName()));
                        return "a " + given.getSimpleName() + " where a " + wanted.getSimpleName() + " was needed (a "
                                + p.getSimpleName() + where + " parameter)";
                    }
                }
            }
        }
        return null;
    }

    /* The class of a parameter's type, or of a type argument's upper bound (? extends Node):
     * null for a type variable. */
    private static Class<?> rawClass(java.lang.reflect.Type t) {
        if (t instanceof Class) {
            return (Class<?>) t;
        }
        if (t instanceof java.lang.reflect.ParameterizedType) {
            return rawClass(((java.lang.reflect.ParameterizedType) t).getRawType());
        }
        if (t instanceof java.lang.reflect.WildcardType) {
            java.lang.reflect.Type[] upper = ((java.lang.reflect.WildcardType) t).getUpperBounds();
            return upper.length == 1 ? rawClass(upper[0]) : null;
        }
        return null;
    }

    private static String article(String noun) {
        return (noun.isEmpty() || "AEIOU".indexOf(noun.charAt(0)) < 0 ? "a " : "an ") + noun;
    }

    /* Thrown in the JDK: the first frame below the call that is not the JDK's, else -1. */
    private static int underJdk(StackTraceElement[] st, int k) {
        int first = 0;
        while (first < k && isJdk(st[first].getClassName())) {
            first++;
        }
        return first == 0 || first >= k ? -1 : first;
    }

    /*
     * A NullPointerException a JDK method throws itself on a null it was handed
     * (ConcurrentHashMap.putVal, Calendar.Builder.setTimeZone): not the JVM's own null fault,
     * whose message says what was null ("Cannot invoke ..."), and not from Objects.require*
     * (explicitCheck's).
     */
    private static boolean jdkNullCheck(Throwable t, StackTraceElement[] st) {
        return t.getClass() == NullPointerException.class && st.length > 0 && isJdk(st[0].getClassName())
                && !String.valueOf(t.getMessage()).startsWith("Cannot ");
    }

    /* A JDK collector refusing two equal keys (Collectors.toMap's "Duplicate key"). */
    private static boolean duplicateKey(Throwable t, StackTraceElement[] st) {
        return t.getClass() == IllegalStateException.class && st.length > 0
                && st[0].getClassName().startsWith("java.util.stream.Collectors")
                && String.valueOf(t.getMessage()).startsWith("Duplicate key");
    }

    /*
     * An IllegalStateException a JDK object throws under an instance method of the library,
     * when that object is one the method's object holds in a field (a stream the receiver
     * wraps, used up by an earlier call: "stream has already been operated upon or closed"),
     * every frame up to the call the JDK's or the library's: the receiver's state, not the
     * arguments. The library method right above the JDK: its name, else null. A JDK object the
     * method made itself (an iterator it removes from twice), or one in a static method, is
     * the method's own state: a bug.
     */
    private static String jdkStateCheck(Throwable t, StackTraceElement[] st, int k) {
        int first = t.getClass() == IllegalStateException.class ? belowJdk(st, k) : -1;
        if (first < 0) {
            return null;
        }
        StackTraceElement owner = st[first];
        if (!instanceMethod(owner) || !instanceMethod(st[k - 1]) || !holdsOneOf(owner, st, first)) {
            return null;
        }
        return owner.getClassName() + "." + owner.getMethodName() + " (a JDK object it holds)";
    }

    /* Whether the class of `owner` has a field whose type one of the JDK frames 0..first-1
     * belongs to (a Stream field, ReferencePipeline's frames). */
    private static boolean holdsOneOf(StackTraceElement owner, StackTraceElement[] st, int first) {
        try {
            List<Class<?>> types = new ArrayList<>();
            for (Class<?> c = Class.forName(owner.getClassName(), false, loader); c != null; c = c.getSuperclass()) {
                for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                    if (!f.getType().isPrimitive() && f.getType() != Object.class
                            && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                        types.add(f.getType());
                    }
                }
            }
            for (int i = 0; i < first; i++) {
                Class<?> jdk;
                try {
                    jdk = Class.forName(st[i].getClassName(), false, ClassLoader.getPlatformClassLoader());
                } catch (ClassNotFoundException | LinkageError notHere) {
                    continue;
                }
                for (Class<?> type : types) {
                    if (type.isAssignableFrom(jdk)) {
                        return true;
                    }
                }
            }
        } catch (Throwable unknown) {
            // A class not loadable from here: not known to hold it.
        }
        return false;
    }

    /*
     * An index fault in the called method itself (the JVM's ArrayIndexOutOfBoundsException, or
     * the JDK's StringIndexOutOfBoundsException right under it) at a fixed position, the first
     * or second (a pair's key or value: `row[1]`, `key.charAt(0)`), while a row of a table the
     * call was given (an array of arrays, a map: tables()) is too short for it: an empty
     * row, a row of one, an empty key. The table's shape is the caller's (LookupTranslator's
     * CharSequence[*][2]). A flat array of Strings is no table: charAt(0) on one of its empty
     * elements is the method's own business (a bug when it promises to take any text).
     */
    static String tableShape(Throwable t, StackTraceElement[] st, int k) {
        Object[] tables = tableArgs;
        if (tables.length == 0
                || !(t instanceof ArrayIndexOutOfBoundsException || t instanceof StringIndexOutOfBoundsException)) {
            return null;
        }
        for (int i = 0; i < k - 1; i++) {
            if (!isJdk(st[i].getClassName())) {
                return null; // faulted in a helper, not where the call reads its table
            }
        }
        List<Long> n = numbers(t);
        if (n.isEmpty() || n.get(0) < 0 || n.get(0) > 1) {
            return null;
        }
        long index = n.get(0);
        for (Object table : tables) {
            long shortest = shortestRow(table);
            if (shortest >= 0 && shortest <= index) {
                return "table argument with a row of length " + shortest + " (position " + index + " read)";
            }
        }
        return null;
    }

    /*
     * An index fault ("Index i out of bounds for length n": the JDK's list check, the JVM's
     * array check) under the call, every frame up to it the library's or the JDK's, where one
     * call of this run was given sequences that do not line up: one of length n, another longer
     * than i. The method indexed them in step, as their documentation asks of the caller (one
     * header and one style per column of a table); the caller's sequences differ. Why, else
     * null. A fault on sequences of one length, or past the end of the longest, is the
     * method's own bound.
     */
    static String unequalSequences(Throwable t, StackTraceElement[] st, int k) {
        if (sequenceGroupCount == 0 || !(t instanceof IndexOutOfBoundsException)
                || t instanceof StringIndexOutOfBoundsException || !inLibraryOrJdk(st, 0, k)) {
            return null;
        }
        long[] at = pastEnd(t);
        if (at == null) {
            return null;
        }
        long index = at[0];
        long length = at[1];
        for (int g = 0; g < sequenceGroupCount; g++) {
            long[] lengths = sequenceGroups[g];
            int[] owners = sequenceOwners[g];
            // The short one and the longer one must be different arguments: the rows of one
            // table against its own length are no two sequences (a transposed index).
            for (int s = 0; s < lengths.length; s++) {
                if (lengths[s] != length) {
                    continue;
                }
                for (int l = 0; l < lengths.length; l++) {
                    if (owners[l] != owners[s] && lengths[l] > index) {
                        return "sequences that do not line up: one of length " + length + ", another of length "
                                + lengths[l] + " (position " + index + " read)";
                    }
                }
            }
        }
        return null;
    }

    private static final java.util.regex.Pattern SIZE_FAULT = java.util.regex.Pattern.compile(
            "Index:? (-?\\d+)(?: out of bounds for length |, Size: )(\\d+)|(?:from|to)Index = (-?\\d+)");

    /*
     * An object handed to the call that records positions in a sequence (a patch's deltas at
     * their lines, a chunk at its position, a change's start and end), and a sequence given
     * beside it that those positions do not fit: java-diff-utils' Patch.restore(target) of a
     * patch made from other lists, a Chunk built at -88 verified against a list. The caller
     * paired an object with a sequence it does not describe; the index fault on that sequence
     * is the caller's.
     *
     * The fault names the length of a sequence argument of the call (measured when given: a
     * list the library made and shrank itself is its own, as Patch's merge-conflict output
     * reading past its copy of the target), or gives none (subList's "toIndex = 9"); an
     * object handed over (the receiver, or an object an instance helper built) holds, in an
     * integer field named for a position (position, index, offset, start..., ...End), a value
     * p that is past that sequence's end (p >= n) or starts a region past it (p plus the
     * length of a list or array the same object holds, its lines, beyond n), and the index
     * read lies from the end to p, or to the region's end. Values from 2^30 up count only
     * read as they are or as the region's end (else a limit, not a position). A negative
     * index is judged without a sequence (none has one): p is the index read, and not -1
     * (the library's mark for no position) unless the caller gave -1 to a set-up call (a
     * Chunk built at -1). A list the method shrank itself (a ChangeDelta
     * restored onto a list of 1, removing its 2 lines) names a length it was not given: left a
     * bug. What it costs: an off-by-one of the library's on a sequence that an object beside
     * it also does not fit.
     */
    static String unfitPositions(Throwable t, StackTraceElement[] st, int k) {
        if (!(t instanceof IndexOutOfBoundsException) || t instanceof StringIndexOutOfBoundsException
                || !inLibraryOrJdk(st, 0, k)) {
            return null;
        }
        java.util.regex.Matcher m = SIZE_FAULT.matcher(String.valueOf(t.getMessage()));
        long index;
        long length;
        try {
            if (!m.matches()) {
                return null;
            }
            index = Long.parseLong(m.group(1) != null ? m.group(1) : m.group(3));
            length = m.group(2) != null ? Long.parseLong(m.group(2)) : -1;
        } catch (NumberFormatException huge) {
            return null;
        }
        List<long[]> held = null;
        if (index < 0) {
            // No sequence has a negative index: the one read is the position itself.
            boolean minusOne = false;
            for (int i = 0; i < configuredCount; i++) {
                minusOne |= configured[i] == -1;
            }
            held = heldPositions();
            for (int h = 0; h < held.size(); h++) {
                long p = held.get(h)[0];
                if (index == p && (p < -1 || minusOne)) {
                    return "positions that do not fit: " + heldNames.get(h) + " = " + p + " (read as an index)";
                }
            }
            return null;
        }
        for (int s = 0; s < callSequenceCount; s++) {
            long n = callSequenceLengths[s];
            if (length >= 0 && n != length) {
                continue;
            }
            if (held == null) {
                held = heldPositions();
            }
            for (int h = 0; h < held.size(); h++) {
                long[] pos = held.get(h);
                long p = pos[0];
                // Past the end: the position itself, or the region it starts (a chunk of 2 lines
                // at 0, taken as subList(0, 2) of a list of 1).
                boolean reaches = p >= n || (p >= 0 && p + pos[1] > n);
                boolean past = reaches && index >= n && (index <= p || index <= p + pos[1])
                        && (p < 1L << 30 || index == p || index == p + pos[1]);
                if (past) {
                    return "positions that do not fit: " + heldNames.get(h) + " = " + p + " beside a sequence of " + n
                            + " (index " + index + " read)";
                }
            }
        }
        return null;
    }

    /* The names ("Class.field") of heldPositions' entries, in its order. */
    private static final List<String> heldNames = new ArrayList<>();

    /*
     * The integer fields named for positions of the objects handed to the call: the receiver
     * and what the instance helpers built, and the library's objects they hold (in fields, in
     * the JDK's collections and in arrays of objects; 3 levels, 256 objects): per field its
     * value and the length of the longest list or array the same object holds (0 if none).
     * Read after the failure.
     */
    private static List<long[]> heldPositions() {
        heldNames.clear();
        List<long[]> out = new ArrayList<>();
        java.util.Map<Object, Boolean> seen = new java.util.IdentityHashMap<>();
        java.util.ArrayDeque<Object[]> queue = new java.util.ArrayDeque<>();
        if (receiver != null) {
            queue.add(new Object[] {receiver, 0});
        }
        for (int i = 0; i < builtCount; i++) {
            if (builtObjects[i] != null) {
                queue.add(new Object[] {builtObjects[i], 0});
            }
        }
        while (!queue.isEmpty() && seen.size() < 256) {
            Object[] next = queue.poll();
            Object o = next[0];
            int depth = (Integer) next[1];
            if (o == null || seen.put(o, Boolean.TRUE) != null) {
                continue;
            }
            if (o instanceof java.util.Collection || o instanceof Object[]) {
                if (!o.getClass().getName().startsWith("java.") && !(o instanceof Object[])) {
                    continue;
                }
                int taken = 0;
                try {
                    for (Object e : o instanceof Object[] ? java.util.Arrays.asList((Object[]) o) : (java.util.Collection<?>) o) {
                        if (taken++ == 32) {
                            break;
                        }
                        if (e != null && !isJdk(e.getClass().getName()) && depth < 3) {
                            queue.add(new Object[] {e, depth + 1});
                        }
                    }
                } catch (RuntimeException changing) {
                    // a collection that cannot be iterated holds nothing we know of
                }
                continue;
            }
            Class<?> c = o.getClass();
            if (isJdk(c.getName()) || isDriverFrame(c.getName()) || o instanceof CharSequence || o instanceof java.util.Map) {
                continue;
            }
            List<long[]> mine = new ArrayList<>();
            List<String> names = new ArrayList<>();
            long longest = 0;
            for (Class<?> h = c; h != null && !isJdk(h.getName()); h = h.getSuperclass()) {
                for (java.lang.reflect.Field f : declaredFields(h)) {
                    if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) || !accessible(f)) {
                        continue;
                    }
                    try {
                        Class<?> type = f.getType();
                        if ((type == int.class || type == long.class || type == short.class) && namedPosition(f.getName())) {
                            mine.add(new long[] {((Number) f.get(o)).longValue(), 0});
                            names.add(f.getName());
                        } else if (!type.isPrimitive()) {
                            Object v = f.get(o);
                            long len = v instanceof CharSequence ? -1 : lengthOf(v);
                            if (v instanceof java.util.Collection && !v.getClass().getName().startsWith("java.")) {
                                len = -1;
                            }
                            longest = Math.max(longest, len);
                            if (v != null && depth < 3) {
                                queue.add(new Object[] {v, depth + 1});
                            }
                        }
                    } catch (ReflectiveOperationException | RuntimeException unreadable) {
                        // a field we cannot read tells nothing
                    }
                }
            }
            for (int i = 0; i < mine.size(); i++) {
                mine.get(i)[1] = longest;
                out.add(mine.get(i));
                heldNames.add(c.getName() + "." + names.get(i));
            }
        }
        return out;
    }

    /* A field named for a position in a sequence: its first word position, pos, index, idx,
     * offset, start, begin, end, from or to (startOriginal, endRevised), or its last word
     * position, pos, index, idx, offset, start, begin or end (sourcePosition, lineStart); not a
     * count (startCount, indexSize). from and to are positions alone too, and as first words. */
    static boolean namedPosition(String name) {
        String[] words = name.split("(?<=[a-z0-9])(?=[A-Z])|_");
        if (words.length == 0 || words[0].isEmpty()) {
            return false;
        }
        String first = words[0].toLowerCase(java.util.Locale.ROOT);
        String last = words[words.length - 1].toLowerCase(java.util.Locale.ROOT);
        if (java.util.Set.of("count", "size", "length", "len", "number", "num", "total", "max", "min", "limit", "capacity")
                .contains(last)) {
            return false;
        }
        java.util.Set<String> at = java.util.Set.of("position", "pos", "index", "idx", "offset", "start", "begin", "end");
        return at.contains(first) || at.contains(last) || first.equals("from") || first.equals("to");
    }

    private static final java.util.regex.Pattern INDEX_LENGTH =
            java.util.regex.Pattern.compile("Index (\\d+) out of bounds for length (\\d+)");

    /* The index and the length of an "Index i out of bounds for length n" message whose index
     * is at or past the end (not a negative one), else null. */
    private static long[] pastEnd(Throwable t) {
        java.util.regex.Matcher m = INDEX_LENGTH.matcher(String.valueOf(t.getMessage()));
        if (!m.matches()) {
            return null;
        }
        try {
            long index = Long.parseLong(m.group(1));
            long length = Long.parseLong(m.group(2));
            return index >= length ? new long[] {index, length} : null;
        } catch (NumberFormatException huge) {
            return null;
        }
    }

    /* The length of the shortest row of a table: an array or String inside an array of arrays,
     * or a key or value of a map (Strings, CharSequences, arrays); -1 when it has none. */
    static long shortestRow(Object table) {
        long shortest = -1;
        try {
            List<Object> rows = new ArrayList<>();
            if (table instanceof Map) {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) table).entrySet()) {
                    rows.add(e.getKey());
                    rows.add(e.getValue());
                }
            } else if (table != null && table.getClass().isArray() && !table.getClass().getComponentType().isPrimitive()) {
                for (Object row : (Object[]) table) {
                    rows.add(row);
                    if (row != null && row.getClass().isArray() && !row.getClass().getComponentType().isPrimitive()) {
                        rows.addAll(java.util.Arrays.asList((Object[]) row));
                    }
                }
            }
            for (Object row : rows) {
                long len = lengthOf(row);
                if (len >= 0 && (shortest < 0 || len < shortest)) {
                    shortest = len;
                }
            }
        } catch (RuntimeException changing) {
            // A map changed under us: no shape known.
        }
        return shortest;
    }

    /*
     * The call's Javadoc documents another type for rejecting an argument's value: an index
     * exception or an IllegalArgumentException kind that t is not, nor a sibling of (a null or
     * state exception documented beside it promises nothing about values; an
     * UnsupportedCharsetException promised where the JDK's IllegalCharsetNameException came
     * out is the same promise, both IllegalArgumentExceptions).
     */
    private static boolean documentsOtherUnchecked(Throwable t, StackTraceElement call) {
        if (DOCUMENTED_NAMES.isEmpty()) {
            return false;
        }
        for (Class<?> c : documentedBy(call.getClassName(), call.getMethodName())) {
            boolean rejectsValues = IndexOutOfBoundsException.class.isAssignableFrom(c)
                    || IllegalArgumentException.class.isAssignableFrom(c);
            if ((rejectsValues || ownReport(c, call)) && !c.isInstance(t) && !sameFamily(c, t.getClass())) {
                return true;
            }
        }
        return false;
    }

    /*
     * The call's Javadoc promises a report type of the library's own for a bad index or range,
     * which t is not (commons-math3's FieldVector.getEntry and its OutOfRangeException;
     * Mean.evaluate(values, weights, begin, length) and MathIllegalArgumentException "if the
     * start and length arguments are not valid"). Told by the type's name (Range, Index,
     * Bounds, Position, or the library's IllegalArgument umbrella): the table keeps no
     * @throws text, and a type for other bad values (a null, a dimension) promises nothing
     * about indexes.
     */
    private static boolean promisesRangeReport(Throwable t, StackTraceElement call) {
        if (DOCUMENTED_NAMES.isEmpty()) {
            return false;
        }
        for (Class<?> c : documentedBy(call.getClassName(), call.getMethodName())) {
            if (IllegalArgumentException.class.isAssignableFrom(c) && !isJdk(c.getName())
                    && library(c.getName()).equals(library(call.getClassName())) && !c.isInstance(t)
                    && RANGE_REPORT.matcher(c.getSimpleName()).find()) {
                return true;
            }
        }
        return false;
    }

    private static final java.util.regex.Pattern RANGE_REPORT =
            java.util.regex.Pattern.compile("Range|Index|Bounds|Position|IllegalArgument");

    /* The call's Javadoc promises a report type of the library's own for bad input, and t is
     * none of it. */
    private static boolean promisesOwnReport(Throwable t, StackTraceElement call) {
        if (DOCUMENTED_NAMES.isEmpty()) {
            return false;
        }
        for (Class<?> c : documentedBy(call.getClassName(), call.getMethodName())) {
            if (ownReport(c, call) && !c.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /*
     * A report type of the library's own for bad input, by its name (gson's Gson.fromJson and
     * its JsonSyntaxException, while JsonReader's NumberFormatException escapes it for a
     * double; not the JsonIOException it promises for a writer's failures).
     */
    private static boolean ownReport(Class<?> c, StackTraceElement call) {
        return RuntimeException.class.isAssignableFrom(c) && !isJdk(c.getName())
                && library(c.getName()).equals(library(call.getClassName()))
                && INPUT_REPORT.matcher(c.getSimpleName()).find();
    }

    /* A name of an exception type for input the library refuses to read. */
    private static final java.util.regex.Pattern INPUT_REPORT =
            java.util.regex.Pattern.compile("Syntax|Pars|Format|Invalid|Malformed|Illegal|Scan");

    /* The nearest common superclass of a and b is an IllegalArgumentException or an
     * IndexOutOfBoundsException. */
    private static boolean sameFamily(Class<?> a, Class<?> b) {
        for (Class<?> s = a; s != null; s = s.getSuperclass()) {
            if (s.isAssignableFrom(b)) {
                return IllegalArgumentException.class.isAssignableFrom(s)
                        || IndexOutOfBoundsException.class.isAssignableFrom(s);
            }
        }
        return false;
    }

    /* Every method of the frame's name in its class is an instance method (it has state). */
    private static boolean instanceMethod(StackTraceElement call) {
        List<Executable> all = executables(call);
        for (Executable e : all) {
            if (java.lang.reflect.Modifier.isStatic(e.getModifiers())) {
                return false;
            }
        }
        return !all.isEmpty() && !call.getMethodName().equals("<init>");
    }

    /*
     * A static method (every overload of the name) of a class that keeps mutable static state,
     * a non-final static field: a static builder configured by earlier static calls
     * (commons-cli's OptionBuilder.create() with no long option set). Its refusal, thrown by
     * the called method itself and not worded as an internal failure ("unreachable"), is a
     * state check as an instance method's is; a static method of a class without such state
     * has none to refuse. (A class whose static field is only a cache or a counter passes this
     * test too: its deliberate IllegalStateException is then judged contract.)
     */
    private static boolean staticStateMethod(StackTraceElement frame) {
        List<Executable> all = executables(frame);
        if (all.isEmpty() || frame.getMethodName().startsWith("<")) {
            return false;
        }
        for (Executable e : all) {
            if (!java.lang.reflect.Modifier.isStatic(e.getModifiers())) {
                return false;
            }
        }
        try {
            for (java.lang.reflect.Field f : all.get(0).getDeclaringClass().getDeclaredFields()) {
                int m = f.getModifiers();
                if (java.lang.reflect.Modifier.isStatic(m) && !java.lang.reflect.Modifier.isFinal(m) && !f.isSynthetic()) {
                    return true;
                }
            }
        } catch (LinkageError | SecurityException unreadable) {
            // fields not readable: no state known
        }
        return false;
    }

    /*
     * The JVM's "/ by zero" in the library's code (or the JDK's, called on its way), when the
     * caller gave a zero: an integer argument of the call, or of a set-up call of this run that
     * configured an object it handed over (joda-time's Duration.dividedBy(0), a
     * PreciseDurationField of a 0 ms unit). The library divided by what it was given, as asked.
     * Without a zero of the caller's the divisor is the library's own (the mean of an empty
     * array): a bug. A zero beside a divisor of the library's own is no cover either: the
     * fuzzer reaches the same division with that argument non-zero, and a finding of kind bug
     * is kept apart from the contract one at the same site. Nor beside integers past 2^30 on
     * both sides of 0: a range of Integer.MIN_VALUE to MAX_VALUE is 2^32 values, 0 in an int,
     * and a divisor computed from it is the library's overflow (joda-time's
     * FieldUtils.getWrappedValue(0, -49, MIN_VALUE, MAX_VALUE), a real bug).
     * "division by the caller's zero (...)", else null.
     */
    private static String callersZero(Throwable t, StackTraceElement[] st, int k) {
        if (t.getClass() != ArithmeticException.class || !"/ by zero".equals(t.getMessage())
                || !inLibraryOrJdk(st, 0, k)) {
            return null;
        }
        boolean low = false;
        boolean high = false;
        for (long v : intArgs) {
            low |= v <= -(1L << 30);
            high |= v >= 1L << 30;
        }
        for (int i = 0; i < configuredCount; i++) {
            low |= configured[i] <= -(1L << 30);
            high |= configured[i] >= 1L << 30;
        }
        if (low && high) {
            return null;
        }
        for (long v : intArgs) {
            if (v == 0) {
                return "division by the caller's zero (an argument)";
            }
        }
        for (int i = 0; i < configuredCount; i++) {
            if (configured[i] == 0) {
                return "division by the caller's zero (an argument of a set-up call)";
            }
        }
        if (configuredEmpty) {
            return "division by the caller's zero (an empty array or collection given to a set-up call)";
        }
        return null;
    }

    /* Thrown by the library itself (a throw statement, not the JVM or the JDK), every frame up
     * to the call the same library's. */
    private static boolean ownThrow(StackTraceElement[] st, int k) {
        return inLibrary(st, 0, k);
    }

    /*
     * Thrown by the call's library itself, every frame up to the call its own, or those of the
     * JDK's I/O plumbing passing the call on (java.io's streams, Files.copy) to a method of the
     * called class's line: a FilterOutputStream.write, a Files.copy into the library's stream,
     * where the receiver's own write throws. Not the JDK's collections or streams: a forEach
     * over objects the call made itself (latches of its own, never opened; children closed
     * twice) reaches their refusals for the call's own reasons.
     */
    private static boolean ownThrowThroughJdk(StackTraceElement[] st, int k) {
        if (ownThrow(st, k)) {
            return true;
        }
        if (isJdk(st[0].getClassName())) {
            return false;
        }
        String library = library(st[k - 1].getClassName());
        for (int i = 0; i < k; i++) {
            String c = st[i].getClassName();
            boolean plumbing = c.startsWith("java.io.") || c.equals("java.nio.file.Files");
            if (!plumbing && !library(c).equals(library)) {
                return false;
            }
        }
        try {
            return sameLine(Class.forName(st[0].getClassName(), false, loader),
                    Class.forName(st[k - 1].getClassName(), false, loader));
        } catch (ClassNotFoundException | LinkageError unknown) {
            return false;
        }
    }

    /* Every frame from `from` up to the call (frame k - 1) is of the call's library. */
    private static boolean inLibrary(StackTraceElement[] st, int from, int k) {
        String library = library(st[k - 1].getClassName());
        for (int i = from; i < k; i++) {
            if (!library(st[i].getClassName()).equals(library)) {
                return false;
            }
        }
        return true;
    }

    /*
     * Every frame from `from` up to the call (frame k - 1) is of the call's library, the JDK,
     * or a dependency: a class outside the packages under test and outside the call's library.
     */
    private static boolean inLibraryJdkOrDependency(StackTraceElement[] st, int from, int k) {
        String library = library(st[k - 1].getClassName());
        for (int i = from; i < k; i++) {
            String c = st[i].getClassName();
            if (!isJdk(c) && !library(c).equals(library) && packages.contains(packageOf(c))) {
                return false;
            }
        }
        return true;
    }

    /* Every frame from `from` up to the call (frame k - 1) is of the call's library or the JDK. */
    private static boolean inLibraryOrJdk(StackTraceElement[] st, int from, int k) {
        String library = library(st[k - 1].getClassName());
        for (int i = from; i < k; i++) {
            String c = st[i].getClassName();
            if (!isJdk(c) && !library(c).equals(library)) {
                return false;
            }
        }
        return true;
    }

    /* A RuntimeException thrown by a validate*, check* or require* helper of the library. */
    private static String checkHelper(Throwable t, StackTraceElement[] st, int k) {
        if (!(t instanceof RuntimeException)) {
            return null;
        }
        String library = library(st[k - 1].getClassName());
        // Helpers the called method calls (below it), not the called method itself (a method
        // under test named check... throws its bugs like any other). The helper is the
        // innermost frame of the library's: it threw, or the JDK call it made did. A failure
        // deeper down, in code such a method merely reaches, is not its check
        // (snakeyaml-engine's ScannerImpl.checkToken scans on, and a NumberFormatException of
        // its scanner is the scanner's).
        for (int i = 0; i < k - 1; i++) {
            String c = st[i].getClassName();
            if (isJdk(c)) {
                continue;
            }
            if (!library(c).equals(library)) {
                return null;
            }
            String m = st[i].getMethodName();
            // The JVM's own fault in the helper's code is no check of it: the helper failed
            // (commons-math3's MathArrays.checkOrder reading the first of no elements).
            if (i == 0 && jvmFault(t)) {
                return null;
            }
            return m.startsWith("validate") || m.startsWith("check") || m.startsWith("require") ? c + "." + m : null;
        }
        return null;
    }

    /*
     * An IndexOutOfBoundsException thrown in the JDK right under the call, whose message names
     * an integer argument of the call: that argument, else Long.MIN_VALUE.
     */
    private static long jdkBoundOnArgument(Throwable t, StackTraceElement[] st, int k) {
        if (t instanceof ArrayIndexOutOfBoundsException) {
            // The JVM's own array bounds check, in library code the call reached: the index it
            // names is the caller's when it is one of the integer arguments.
            return inLibraryOrJdk(st, 0, k) ? indexArgumentIn(t) : Long.MIN_VALUE;
        }
        if (!(t instanceof IndexOutOfBoundsException) || k < 2) {
            return Long.MIN_VALUE;
        }
        boolean direct = true;
        for (int i = 0; i < k - 1; i++) {
            direct &= isJdk(st[i].getClassName());
        }
        if (direct) {
            return indexArgumentIn(t);
        }
        // Passed down: the JDK's check reached through the library's own frames, naming a
        // negative argument (snakeyaml-engine's prefixForward(-30) to new String(buf, 0, -30)).
        // No index, length or count is negative, so the value was never valid; a positive one
        // passed down may be a size the library should have clamped (commons-text's
        // WordUtils.wrap to a width of Integer.MAX_VALUE), and stays a bug.
        if (isJdk(st[0].getClassName()) && inLibraryOrJdk(st, 0, k)) {
            long a = indexArgumentIn(t);
            return a < 0 ? a : Long.MIN_VALUE;
        }
        return Long.MIN_VALUE;
    }

    /*
     * The integer argument of the call that t's message names as an index, else
     * Long.MIN_VALUE: the "length N" of "Index 7 out of bounds for length 5" is the array's,
     * and an argument equal to it says nothing of who chose the index.
     */
    private static long indexArgumentIn(Throwable t) {
        String message = LENGTH.matcher(String.valueOf(t.getMessage())).replaceAll(" ");
        for (long n : numbers(message)) {
            for (long a : intArgs) {
                if (a == n) {
                    return a;
                }
            }
        }
        return Long.MIN_VALUE;
    }

    private static final java.util.regex.Pattern LENGTH = java.util.regex.Pattern.compile("length:? -?\\d+");

    private static final java.util.regex.Pattern ANY_INDEX =
            java.util.regex.Pattern.compile("Index (-?\\d+) out of bounds for length (\\d+)");

    /*
     * A value the caller chose, used unchecked as an array index in the library's code: the
     * JVM's array fault (every frame up to the call the library's or the JDK's, the faulting
     * one the library's) at an index that is an integer of a set-up call (a Mark's pointer
     * past the buffer it was built with), or an element of an int array given to the call or
     * a set-up call (joda-time's month value of 0 or 24879 reading a table of 12 at month - 1).
     * Why, else null. Integers of the call itself are jdkBoundOnArgument's.
     *
     * What a coincidence of small numbers would make of a library's own off-by-one stays a
     * bug. An integer equal to the array's length is a capacity the caller set, which the
     * library then indexes at (Cells.top), unless the caller also gave a primitive array of
     * that length (then it is a position at the end of the caller's buffer); 0 and 1 never
     * count (an empty array's first element is as often the library's slip). One
     * less than an integer counts only past the array's end (at it, only in a buffer of the
     * caller's length). An element counts only from an array of another length than the one
     * faulted on (reading past the caller's own array is Codes.lastOf's bug), and not when it
     * is that length; one less than an element past either end (a 1-based value: a month of
     * 0 reads index -1).
     */
    static String callersIndex(Throwable t, StackTraceElement[] st, int k) {
        if (!(t instanceof ArrayIndexOutOfBoundsException) || st.length == 0 || isJdk(st[0].getClassName())
                || !inLibraryOrJdk(st, 0, k)) {
            return null;
        }
        long[] fault = indexAndLength(t);
        if (fault == null) {
            return null;
        }
        long index = fault[0];
        long length = fault[1];
        boolean buffer = false;
        for (int a = 0; a < valueArrayCount; a++) {
            buffer |= lengthOf(valueArrays[a]) == length;
        }
        for (long v : intArgs) {
            if (lessOne(index, v) && (index > length || (buffer && index == length))) {
                return "the caller's value " + v + " less one (an argument)";
            }
        }
        for (int i = 0; i < configuredCount; i++) {
            long v = configured[i];
            boolean exact = index == v && v != 0 && v != 1 && (buffer || v != length);
            if (exact || (lessOne(index, v) && (index > length || (buffer && index == length)))) {
                return "the caller's value " + v + (exact ? "" : " less one") + " (an argument of a set-up call)";
            }
        }
        for (int a = 0; a < valueArrayCount; a++) {
            long[] values = arrayNumbers(valueArrays[a]);
            if (lengthOf(valueArrays[a]) == length) {
                continue;
            }
            for (long v : values) {
                boolean exact = index == v && v != length && v != 0 && v != 1;
                if (exact || (lessOne(index, v) && (index >= length || index < 0))) {
                    return "the caller's value " + v + (exact ? "" : " less one") + " (in an array of "
                            + lengthOf(valueArrays[a]) + " it gave)";
                }
            }
        }
        return null;
    }

    private static final java.util.regex.Pattern FAULT_LENGTH =
            java.util.regex.Pattern.compile("(?:for length|, length) (\\d+)|out of bounds for [a-z]+\\[(\\d+)\\]");

    /*
     * An index fault in an object the caller built over part of a primitive array with
     * positions outside it (jackson-core's UTF8StreamJsonParser given an end of 14392 over a
     * buffer of 57, read to its end): the fault names an array or String of that length, and a
     * library frame under the call runs code of the class the set-up call configured or of one
     * of its superclasses. The object broke the constructor's precondition at birth; what it
     * does with it later is the caller's. Why, else null.
     */
    static String builtOutsideSpan(Throwable t, StackTraceElement[] st, int k) {
        if (badSpanCount == 0 || !(t instanceof IndexOutOfBoundsException)) {
            return null;
        }
        java.util.regex.Matcher m = FAULT_LENGTH.matcher(String.valueOf(t.getMessage()));
        long[] access = arrayFault(t, st);
        long length;
        try {
            // A VarHandle view's message gives the length less the width's bytes but one.
            length = access != null ? access[1]
                    : m.find() ? Long.parseLong(m.group(1) != null ? m.group(1) : m.group(2)) : -1;
        } catch (NumberFormatException huge) {
            return null;
        }
        for (int b = 0; b < badSpanCount && length >= 0; b++) {
            // An output buffer counts only for an array access past its end (not another
            // message naming that length, nor an index below zero: the writer's own slip).
            if (badSpanLengths[b] != length || (badSpanOutput[b] && (access == null || access[0] < access[1]))) {
                continue;
            }
            String owner = badSpanOwners[b];
            Class<?> built = null;
            try {
                built = Class.forName(owner, false, loader);
            } catch (Throwable unknown) {
                // compared by name only
            }
            for (int i = 0; i < k && i < st.length; i++) {
                String c = st[i].getClassName();
                if (isJdk(c)) {
                    continue;
                }
                boolean its = c.equals(owner) || c.startsWith(owner + "$");
                if (!its && built != null) {
                    try {
                        its = Class.forName(c, false, loader).isAssignableFrom(built);
                    } catch (Throwable unknown) {
                        // not its
                    }
                }
                if (its) {
                    return "the caller built " + owner + " with " + badSpanWhy[b];
                }
            }
        }
        return null;
    }

    /* The index and the array's length of the JVM's "Index I out of bounds for length L",
     * else null. */
    private static long[] indexAndLength(Throwable t) {
        java.util.regex.Matcher m = ANY_INDEX.matcher(String.valueOf(t.getMessage()));
        try {
            return m.matches() ? new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))} : null;
        } catch (NumberFormatException huge) {
            return null;
        }
    }

    /* The index is v - 1 as the library's int arithmetic computes it (a month of
     * Integer.MIN_VALUE reads index Integer.MAX_VALUE). */
    private static boolean lessOne(long index, long v) {
        return index == v - 1 || index == (int) (v - 1);
    }

    /* The first 256 elements of an int, long or short array, else none (a char[] or byte[]
     * is a text or data: its length counts, not its elements). */
    static long[] arrayNumbers(Object array) {
        boolean values = array instanceof int[] || array instanceof long[] || array instanceof short[];
        return values ? elements(array) : new long[0];
    }

    /* The first 256 elements of a primitive array of numbers, else none. */
    static long[] elements(Object array) {
        int n = array == null || !array.getClass().isArray() ? 0 : Math.min(256, java.lang.reflect.Array.getLength(array));
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            Object e = java.lang.reflect.Array.get(array, i);
            out[i] = e instanceof Number ? ((Number) e).longValue() : Long.MIN_VALUE;
        }
        return out;
    }

    /* An integer of a set-up call, or an element of an int array given to the call or a set-up
     * call, that t's message names (a code point). */
    private static boolean chosenValueIn(Throwable t) {
        for (long named : numbers(t)) {
            // "0xFFFFFFFF" names the int -1.
            long n = named > Integer.MAX_VALUE && named <= 0xFFFFFFFFL ? (int) named : named;
            for (int i = 0; i < configuredCount; i++) {
                if (configured[i] == n) {
                    return true;
                }
            }
            for (int a = 0; a < valueArrayCount; a++) {
                for (long v : arrayNumbers(valueArrays[a])) {
                    if (v == n) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /*
     * An index failure under the call while one of its position arguments (positions()) lies
     * outside every sequence it was given: why, else null. Every frame up to the call must be
     * the library's, the JDK's or a dependency's the library passes the range on to (xz's
     * XZOutputStream.write under commons-compress's XZCompressorOutputStream.write); a
     * callback the caller passed, another class of the packages under test, is not the call's
     * checking.
     */
    static String positionOutside(Throwable t, StackTraceElement[] st, int k) {
        long[] values = positionArgs;
        // Not a negative array size computed from positions outside: the method sized with
        // them unchecked, where an index exception was its due (StringUtils.join's capacity).
        if (!(t instanceof IndexOutOfBoundsException) || values.length == 0) {
            return null;
        }
        if (!inLibraryJdkOrDependency(st, 0, k)) {
            return null;
        }
        return outside(values, positionNames.split(" "), longestSequence, longestArray, sequenceLengths);
    }

    /*
     * The JVM's array fault past the end of the caller's array, at or after an offset the
     * caller gave inside it (jackson-core's NumberOutput.outputInt(v, b, off) and
     * ByteArrayUtil.setLongBE(b, off, v), which write what the value needs from the offset on):
     * the room the caller left after its offset is too short for what it asked. Only for a
     * method that never reads the length of its array parameters (uncheckedRoom: it leaves the
     * room to its caller); one that measures the array and still reads past it has its own
     * bound wrong (HexOut.trailer). The array is the one the offset belongs to ("@N"), or the
     * one array the call took. Without an offset beside the array, reading past its end stays
     * the method's (Codes.lastOf); so does a fault in an array of another length (one the
     * method made). A method that measures the array in a helper of its own, and an
     * off-by-one of a method that never measures it, are judged this way too.
     */
    static String noRoomAfter(Throwable t, StackTraceElement[] st, int k) {
        if (!(t instanceof IndexOutOfBoundsException) || !uncheckedRoom || positionArgs.length == 0
                || !inLibraryOrJdk(st, 0, k)) {
            return null;
        }
        long[] fault = arrayFault(t, st);
        if (fault == null || fault[0] < fault[1]) {
            return null;
        }
        long index = fault[0];
        long length = fault[1];
        String[] names = positionNames.split(" ");
        for (int i = 0; i < Math.min(names.length, positionArgs.length); i++) {
            if (!names[i].startsWith("i:")) {
                continue;
            }
            String name = names[i].substring(2);
            int at = name.indexOf('@');
            long owner = longestArray;
            if (at >= 0) {
                try {
                    int n = Integer.parseInt(name.substring(at + 1));
                    owner = n < sequenceLengths.length ? sequenceLengths[n] : -1;
                } catch (NumberFormatException notOwned) {
                    owner = -1;
                }
                name = name.substring(0, at);
            }
            long p = positionArgs[i];
            if (owner == length && p >= 0 && p <= length && p <= index) {
                return "no room in the caller's array of length " + length + " after its " + name + " " + p;
            }
        }
        return null;
    }

    /*
     * A record of fixed layout, too short: the JVM's array fault past the end of an array of
     * the length of one the caller gave (to the call or a set-up call), or System.arraycopy's
     * into or out of it, where every library frame from the fault up to the call is a record
     * reader (record_readers.rs: it takes a byte[] and has read no array's length at that
     * line; one that measures further on, as writeEntryHeader pads the rest of its buffer,
     * not on an empty array's first byte), and the call takes no position into an array.
     * None of them can respect the array's length, so
     * its size is the caller's to get right: commons-compress's new TarArchiveEntry(header) of
     * a 150-byte header, whose fields lie at fixed offsets of a 512-byte record. A method on
     * the way that measures an array (Records.checksum), and an array of another length (one
     * the library made), leave the fault the library's.
     */
    static String fixedRecord(Throwable t, StackTraceElement[] st, int k) {
        // A call that takes positions into its array (an offset, a length) is judged by them
        // (positionOutside, noRoomAfter): TarUtils.formatLongOctalBytes(v, new byte[28], 0, 0)
        // breaking its promise of an IllegalArgumentException stays a bug.
        if (!(t instanceof ArrayIndexOutOfBoundsException) || RECORD_READERS.isEmpty() || k < 1
                || positionArgs.length > 0) {
            return null;
        }
        long[] fault = arrayFault(t, st);
        if (fault == null || fault[0] < fault[1] || fault[1] < 0) {
            return null;
        }
        // The JDK's copy on top (System.arraycopy) stands for the fault arrayFault read.
        int first = 0;
        while (first < k && isJdk(st[first].getClassName())) {
            first++;
        }
        if (first == k) {
            return null;
        }
        boolean measuresLater = false;
        for (int i = first; i < k; i++) {
            int reader = recordReader(st[i]);
            if (reader == 0) {
                return null;
            }
            measuresLater |= reader == 2;
        }
        if (measuresLater && fault[0] == 0) {
            return null; // an empty array, which a method that knows lengths is to refuse
        }
        for (int i = 0; i < valueArrayCount; i++) {
            Object a = valueArrays[i];
            if (a instanceof byte[] && ((byte[]) a).length == fault[1]) {
                return "a record of fixed layout: " + st[first].getClassName() + "." + st[first].getMethodName()
                        + " reaches index " + fault[0] + " of the caller's array of length " + fault[1]
                        + ", and no method on the way has measured an array";
            }
        }
        return null;
    }

    private static final java.util.regex.Pattern INDEX_SIGNED =
            java.util.regex.Pattern.compile("Index (-?\\d+) out of bounds for length (-?\\d+)");
    private static final java.util.regex.Pattern OFF_COUNT =
            java.util.regex.Pattern.compile("offset (-?\\d+), count (-?\\d+), length (\\d+)");
    private static final java.util.regex.Pattern RANGE_SIZE = java.util.regex.Pattern.compile(
            "Range \\[(-?\\d+), -?\\d+ \\+ (-?\\d+)\\) out of bounds for length (\\d+)");
    private static final java.util.regex.Pattern ARRAYCOPY = java.util.regex.Pattern.compile(
            "arraycopy: last (?:source|destination) index (-?\\d+) out of bounds for [a-z ]+\\[(\\d+)\\]");

    /*
     * The last index an array access reached and the array's length, for the JVM's fault in
     * library code and for the JDK's checks that stand for one: a VarHandle view of a byte[]
     * (XJBWriter.setShort writing a short at 7 of a byte[1]; the view checks against the length
     * less the width's bytes but one, so "for length -1" is a byte[2] under an int), a range of
     * an array String.getChars copies into or new String(chars, off, count) reads ("offset 0,
     * count 20, length 6"), System.arraycopy's source or destination. Null for a JDK frame on
     * top of another class (a List's get), and for a String's own index checks (charAt, whose
     * message has no count).
     */
    static long[] arrayFault(Throwable t, StackTraceElement[] st) {
        String m = String.valueOf(t.getMessage());
        int top = 0;
        int width = 1;
        while (top < st.length && isJdk(st[top].getClassName())) {
            String c = st[top].getClassName();
            if (c.startsWith("java.lang.invoke.VarHandleByteArrayAs") && c.endsWith("$ArrayHandle")) {
                String kind = c.substring("java.lang.invoke.VarHandleByteArrayAs".length());
                width = kind.startsWith("Short") || kind.startsWith("Char") ? 2
                        : kind.startsWith("Int") || kind.startsWith("Float") ? 4
                        : kind.startsWith("Long") || kind.startsWith("Double") ? 8 : width;
            } else if (!c.startsWith("jdk.internal.util.Preconditions") && !c.equals("java.lang.String")
                    && !c.equals("java.lang.StringLatin1") && !c.equals("java.lang.StringUTF16")
                    && !c.equals("java.lang.System")) {
                return null;
            }
            top++;
        }
        if (top == st.length) {
            return null;
        }
        try {
            java.util.regex.Matcher i = INDEX_SIGNED.matcher(m);
            if (i.matches() && (top == 0 ? t instanceof ArrayIndexOutOfBoundsException : width > 1)) {
                return new long[] {Long.parseLong(i.group(1)) + width - 1, Long.parseLong(i.group(2)) + width - 1};
            }
            java.util.regex.Matcher o = OFF_COUNT.matcher(m);
            if (!o.matches()) {
                o = RANGE_SIZE.matcher(m);
            }
            if (top > 0 && o.matches()) {
                return new long[] {Long.parseLong(o.group(1)) + Long.parseLong(o.group(2)) - 1, Long.parseLong(o.group(3))};
            }
            // Also with no System.arraycopy frame: compiled code may copy through the runtime
            // (a reading of HotSpot's slow path; no such stack was seen here).
            java.util.regex.Matcher a = ARRAYCOPY.matcher(m);
            if ((top > 0 || t instanceof ArrayIndexOutOfBoundsException) && a.matches()) {
                return new long[] {Long.parseLong(a.group(1)) - 1, Long.parseLong(a.group(2))};
            }
        } catch (NumberFormatException huge) {
            return null;
        }
        return null;
    }

    /*
     * Which position argument lies outside a sequence of length `longest` (-1: unknown), or
     * null. A span ("s:", the length of the one array the method takes, with no index beside
     * it) is read from its start: past the array's end (`array`) or negative, it is outside.
     * A name may end in "@N": the position belongs to the N-th sequence (`lengths`), the
     * parameter it is named after (dataOffset and dataLen of data). An index and a length of
     * one sequence are a span of it; past its end, the caller asked for what is not there,
     * whatever the other sequences' lengths.
     */
    static String outside(long[] values, String[] names, long longest, long array, long[] lengths) {
        int n = Math.min(values.length, names.length);
        String paired = pairedOutside(values, names, n, lengths);
        if (paired != null) {
            return paired;
        }
        String[] bare = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            int at = names[i].indexOf('@');
            bare[i] = at < 0 ? names[i] : names[i].substring(0, at);
        }
        names = bare;
        for (int i = 0; i < n; i++) {
            if (names[i].startsWith("s:") && (values[i] < 0 || (array >= 0 && values[i] > array))) {
                return "span argument " + names[i].substring(2) + " = " + values[i]
                        + (values[i] < 0 ? "" : " past the end of the array of length " + array) + " it was given";
            }
        }
        long lowestIndex = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            if (names[i].startsWith("i:")) {
                lowestIndex = Math.min(lowestIndex, values[i]);
            }
        }
        for (int i = 0; i < n; i++) {
            // A length with no index beside it sizes something; it does not point.
            boolean counts = !names[i].startsWith("l:") || lowestIndex != Long.MAX_VALUE;
            if (counts && values[i] < 0) {
                return "negative position argument " + names[i].substring(2) + " = " + values[i];
            }
        }
        if (longest < 0) {
            return null;
        }
        for (int i = 0; i < n; i++) {
            long v = values[i];
            boolean past;
            switch (names[i].charAt(0)) {
                case 'i':
                    past = v >= longest;
                    break;
                case 'e':
                    past = v > longest;
                    break;
                default: // every value is >= 0 here: no overflow
                    past = lowestIndex != Long.MAX_VALUE && v > longest - lowestIndex;
            }
            if (past) {
                return "position argument " + names[i].substring(2) + " = " + v
                        + " outside the sequence of length " + longest + " it was given";
            }
        }
        return null;
    }

    /* A span (an index and a length) or an end of one named sequence that lies past it. */
    private static String pairedOutside(long[] values, String[] names, int n, long[] lengths) {
        for (int i = 0; i < n; i++) {
            int at = names[i].indexOf('@');
            if (at < 0) {
                continue;
            }
            int seq = parseIndex(names[i], at + 1);
            if (seq < 0 || seq >= lengths.length || lengths[seq] < 0) {
                continue;
            }
            long len = lengths[seq];
            String name = names[i].substring(2, at);
            char kind = names[i].charAt(0);
            long v = values[i];
            if (kind == 'e' && v > len) {
                return "end argument " + name + " = " + v + " past the end of the sequence of length " + len + " it names";
            }
            if (kind != 'i' || v < 0) {
                continue;
            }
            for (int j = 0; j < n; j++) {
                if (j != i && names[j].charAt(0) == 'l' && names[j].endsWith("@" + seq) && values[j] >= 0
                        && v + values[j] > len) {
                    return "span " + name + " = " + v + ", " + names[j].substring(2, names[j].indexOf('@')) + " = "
                            + values[j] + " past the end of the sequence of length " + len + " it names";
                }
            }
            if (v > len) {
                return "position argument " + name + " = " + v + " past the end of the sequence of length " + len
                        + " it names";
            }
        }
        return null;
    }

    private static int parseIndex(String s, int from) {
        try {
            return Integer.parseInt(s.substring(from));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /*
     * A NegativeArraySizeException or OutOfMemoryError from an allocation the caller sized: the
     * message names one of the integer arguments, or (an OutOfMemoryError) one of them is at
     * least 2^24 in size (a capacity or repeat count of millions). That argument, else
     * Long.MIN_VALUE.
     */
    private static long allocationArgument(Throwable t) {
        boolean oom = t instanceof OutOfMemoryError;
        if (!oom && !(t instanceof NegativeArraySizeException)) {
            return Long.MIN_VALUE;
        }
        // A negative size equal to an index or end is that position used as a size, unchecked:
        // the method owed an index exception (below). Its value can also name the size by
        // chance (new char[length * 2 - 1001] of -1 beside an offset of -1). A length is a
        // size (MathArrays.copyOf(source, -24), as Arrays.copyOf).
        long named = argumentIn(t);
        if (named != Long.MIN_VALUE && (oom || !isIndexOrEnd(named))) {
            return named;
        }
        long[] args = intArgs;
        if (oom) {
            long sized = sizedFrom(t, args, args.length);
            if (sized != Long.MIN_VALUE) {
                return sized;
            }
            for (long a : args) {
                if (a >= (1 << 24) || a <= -(1 << 24)) {
                    return a;
                }
            }
            return Long.MIN_VALUE;
        }
        // A huge size the caller gave, grown by a few slots past Integer.MAX_VALUE (opencsv's
        // HeaderIndex.put(Integer.MAX_VALUE): new String[index + 1] of -2147483648): the
        // caller asked for more than any array holds, as with an OutOfMemoryError above.
        List<Long> wrapped = numbers(t);
        if (wrapped.size() == 1 && wrapped.get(0) < 0) {
            for (long a : args) {
                if (a > 0 && a + GROWN_BY > Integer.MAX_VALUE && grownPast(a, wrapped.get(0))) {
                    return a;
                }
            }
        }
        // A negative size scaled from a negative count the caller gave (BitMaps.newBitMap:
        // words of 64 bits for -124 bits are -2; new char[n << 1] of -1 is -2): exactly a
        // multiple or a fraction of it. Not a position: a method sizing with positions it
        // never checked owed an index exception (StringUtils.join's capacity, positionOutside).
        List<Long> sizes = numbers(t);
        if (sizes.size() == 1 && sizes.get(0) < 0) {
            long n = sizes.get(0);
            for (long a : args) {
                if (a < 0 && !isPosition(a) && scaled(a, n)) {
                    return a;
                }
            }
        }
        return Long.MIN_VALUE;
    }

    /* How many slots past the caller's size a wrapped allocation may have added. */
    private static final int GROWN_BY = 8;

    /* Whether size is the int a + c wraps to, for 1 <= c <= GROWN_BY. */
    static boolean grownPast(long a, long size) {
        for (int c = 1; c <= GROWN_BY; c++) {
            if ((int) (a + c) == size && a + c > Integer.MAX_VALUE) {
                return true;
            }
        }
        return false;
    }

    /*
     * Of the first n values, one whose multiple or fraction (scaled), or a buffer grown by it
     * (grown), is the count that the fuzzer's allocation limit names in t's message (new
     * char[capacity * 2] for a capacity the caller gave); else Long.MIN_VALUE. The limit can be below 2^24 elements, where the
     * "millions" rule above stops telling a caller's size from one the method computed.
     */
    private static long sizedFrom(Throwable t, long[] values, int n) {
        if (!overLimit(t)) {
            return Long.MIN_VALUE;
        }
        long matrix = matrixFrom(t.getMessage(), values, n);
        if (matrix != Long.MIN_VALUE) {
            return matrix;
        }
        for (long count : numbers(t.getMessage())) {
            for (int i = 0; i < n; i++) {
                if (values[i] > 0 && (scaled(values[i], count) || grown(values[i], count))) {
                    return values[i];
                }
            }
        }
        return Long.MIN_VALUE;
    }

    private static final java.util.regex.Pattern MATRIX = java.util.regex.Pattern.compile("of (\\d+) x (\\d+) elements");

    /*
     * A multi-dimensional array over the allocation limit ("an array of 15164 x 15164
     * elements", Cmp.alloc2) whose two counts are each one of the first n values or one or two
     * more (new DSCompiler[parameters + 1][order + 1] for the caller's counts): the larger of
     * those values, else Long.MIN_VALUE. Values under 2 name no size.
     */
    static long matrixFrom(String message, long[] values, int n) {
        java.util.regex.Matcher m = MATRIX.matcher(String.valueOf(message));
        if (!m.find()) {
            return Long.MIN_VALUE;
        }
        long found = Long.MIN_VALUE;
        for (int g = 1; g <= 2; g++) {
            long count = Long.parseLong(m.group(g));
            long near = Long.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                if (values[i] > 1 && count >= values[i] && count <= values[i] + 2) {
                    near = Math.max(near, values[i]);
                }
            }
            if (near == Long.MIN_VALUE) {
                return Long.MIN_VALUE;
            }
            found = Math.max(found, near);
        }
        return found;
    }

    /*
     * n is a (a count of 2^16 or more) plus a little, times 1, 2, 4, 8 or 16: a buffer grown to
     * hold what it has and the caller's count ((size + length) * 2 in a builder's
     * ensureCapacity for appendPadding(length)). "A little" is under 2^16 items before
     * scaling; only counts over the allocation limit come here, which are far above that.
     */
    static boolean grown(long a, long n) {
        if (a < (1 << 16) || a > Integer.MAX_VALUE) {
            return false;
        }
        for (int m = 1; m <= 16; m <<= 1) {
            long over = n - a * m;
            if (over >= 0 && over < (long) m << 16) {
                return true;
            }
        }
        return false;
    }

    /* libFuzzer's default allocation limit in bytes, given (-Djvmfuzz.mallocBudget) when the
     * run's limit is the drivers' default, lower for speed; 0 when --malloc-limit-mb was
     * given: the user's limit then makes every array over it a finding. */
    private static final long BUDGET = Long.getLong("jvmfuzz.mallocBudget", 0L);

    /*
     * An array the drivers' default allocation limit refused though it is under libFuzzer's
     * default limit: refused for the run's speed, not a fault of the method (an LZMA2
     * encoder's 64 MB match finder at its default preset, a decoder's dictionary of the size
     * its header gives when the caller set no memory limit). The reason, else null.
     */
    static String overBudget(Throwable t) {
        if (BUDGET <= 0 || !overLimit(t)) {
            return null;
        }
        long bytes = com.jvmfuzz.shim.fuzz.Cmp.overLimitBytes;
        if (bytes <= 0 || bytes >= BUDGET) {
            return null;
        }
        return "over the drivers' allocation budget: an array of " + (bytes >> 20) + " MB, under libFuzzer's default"
                + " limit of " + (BUDGET >> 20) + " MB (--malloc-limit-mb N makes every array over N MB a finding)";
    }

    /* An OutOfMemoryError of the fuzzer's allocation limit, whose message names the count. */
    private static boolean overLimit(Throwable t) {
        String m = t.getMessage();
        return t instanceof OutOfMemoryError && m != null && m.endsWith(com.jvmfuzz.shim.fuzz.Cmp.OVER_LIMIT);
    }

    /* n is exactly a (an int: a negative size, or a count over the allocation limit) times 1,
     * 2, 4, 8 or 16 (a size in chars or bytes per item), in int arithmetic too (new char[n * 4]
     * of a large n wraps), or a in units of 8, 16, 32 or 64 rounded either way (bits in bytes
     * or words). */
    static boolean scaled(long a, long n) {
        if (a < Integer.MIN_VALUE) {
            return false;
        }
        for (int m = 1; m <= 16; m <<= 1) {
            if (a * m == n || (a <= Integer.MAX_VALUE && (int) (a * m) == n)) {
                return true;
            }
        }
        for (int m = 8; m <= 64; m <<= 1) {
            long down = Math.floorDiv(a, m);
            if (n == down || n == down + 1) {
                return true;
            }
        }
        return false;
    }

    /* The value is one of the call's index or end arguments (positions(): kind i or e). */
    private static boolean isIndexOrEnd(long a) {
        String[] names = positionNames.split(" ");
        for (int i = 0; i < positionArgs.length && i < names.length; i++) {
            if (positionArgs[i] == a && (names[i].startsWith("i:") || names[i].startsWith("e:"))) {
                return true;
            }
        }
        return false;
    }

    /* The value is one of the call's position arguments (positions()). */
    private static boolean isPosition(long a) {
        for (long p : positionArgs) {
            if (p == a) {
                return true;
            }
        }
        return false;
    }

    /*
     * The message has a number and the call has integer arguments, none of them that number.
     * The String arguments are taken out of the message first: digits the caller wrote in a
     * name ("No enum constant X.a6666") are no computed value. Or a negative size from a
     * method that takes no number (computedNegative).
     */
    private static boolean computedNumber(Throwable t, StackTraceElement call) {
        return computedNumber(String.valueOf(t.getMessage()), intArgs, stringArgs) || computedNegative(t, call);
    }

    /*
     * The message names a number and none of the integer arguments, with the numbers inside
     * the String arguments (a text echoed in the message) left out. An argument the message
     * names as it is counts first: a String argument "1" must not cut "-16777216" apart.
     */
    static boolean computedNumber(String message, long[] ints, String[] strings) {
        if (ints.length == 0) {
            return false;
        }
        if (namesOneOf(numbers(message), ints) || namesInHex(message, ints)) {
            return false;
        }
        for (String s : strings) {
            if (s != null && !s.isEmpty()) {
                message = message.replace(s, " ");
            }
        }
        List<Long> numbers = numbers(message);
        return !numbers.isEmpty() && !namesOneOf(numbers, ints);
    }

    private static final java.util.regex.Pattern HEX = java.util.regex.Pattern.compile("0x([0-9a-fA-F]{1,16})\\b");

    /* The message names one of the integers in hexadecimal, as an int's or a long's bits
     * (Pattern.compile's "Unknown flag 0xffffffff" for the flags -1). */
    static boolean namesInHex(String message, long[] ints) {
        java.util.regex.Matcher m = HEX.matcher(message);
        while (m.find()) {
            long v = Long.parseUnsignedLong(m.group(1), 16);
            for (long a : ints) {
                if (a == v || (m.group(1).length() <= 8 && (a & 0xffffffffL) == v)) {
                    return true;
                }
            }
        }
        return false;
    }

    /*
     * A negative size in the JDK's message from a method that takes no number of any kind
     * (commons-math3's MonotoneChain.findHullVertices of an empty collection sizing an
     * ArrayList of lowerHull + upperHull - 2: "Illegal Capacity: -2"): nothing the caller gave
     * was that number, so the method computed it. Numbers inside String arguments, and the
     * integers of set-up calls or int arrays given, are the caller's.
     */
    private static boolean computedNegative(Throwable t, StackTraceElement call) {
        // A number parsed from text is the text's (a String argument, or one the method read).
        if (t instanceof NumberFormatException || intArgs.length != 0 || takesNumbers(call) || chosenValueIn(t)) {
            return false;
        }
        String message = String.valueOf(t.getMessage());
        for (String s : stringArgs) {
            if (s != null && !s.isEmpty()) {
                message = message.replace(s, " ");
            }
        }
        return NEGATIVE_SIZE.matcher(message).find();
    }

    /* A negative size in a JDK message ("Illegal Capacity: -2", "count is negative: -2"); a
     * number elsewhere in a message may be text echoed from an object the caller gave (a
     * map's values in Collectors.toMap's "Duplicate key"). */
    private static final java.util.regex.Pattern NEGATIVE_SIZE =
            java.util.regex.Pattern.compile("(?i)(?:capacity|count|size|length)[^0-9-]{0,16}-\\d");

    /* Some overload of the call takes a number: a primitive other than boolean, a boxed one,
     * an array of them, or a collection or map of Integers. */
    private static boolean takesNumbers(StackTraceElement call) {
        if (takesIntArray(call)) {
            return true;
        }
        for (Executable e : executables(call)) {
            for (Class<?> p : e.getParameterTypes()) {
                Class<?> c = p;
                while (c.isArray()) {
                    c = c.getComponentType();
                }
                if ((c.isPrimitive() && c != boolean.class) || Number.class.isAssignableFrom(c) || c == Character.class) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean namesOneOf(List<Long> numbers, long[] ints) {
        for (long n : numbers) {
            for (long a : ints) {
                if (a == n) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("0x[0-9a-fA-F]+|-?\\d+");

    /* The numbers in t's message, decimal or 0x-hexadecimal (code points). */
    static List<Long> numbers(Throwable t) {
        return numbers(String.valueOf(t.getMessage()));
    }

    static List<Long> numbers(String message) {
        List<Long> out = new ArrayList<>();
        java.util.regex.Matcher m = NUMBER.matcher(message);
        while (m.find()) {
            String g = m.group();
            try {
                out.add(g.startsWith("0x") ? Long.parseLong(g.substring(2), 16) : Long.parseLong(g));
            } catch (NumberFormatException tooLong) {
                // not one of ours
            }
        }
        return out;
    }

    /*
     * A capacity or size the caller set on an object it built, failing where the library
     * allocates with it (new PhoneticEngine(..., -51) then encode: "Illegal initial capacity:
     * -51"; setMaxCodeLen(Integer.MAX_VALUE) then an OutOfMemoryError): an
     * IllegalArgumentException from the JDK or a NegativeArraySizeException whose message names
     * an integer argument of a set-up call of this run, or an OutOfMemoryError after one of
     * 2^24 or more; every frame up to the call the JDK's or the library's. That value, else
     * Long.MIN_VALUE. Not 0 or 1: too common in messages to be told from a value the method
     * computed (a negative size in such a message is one the caller set, or one of its bugs).
     */
    private static long configuredSize(Throwable t, StackTraceElement[] st, int k) {
        boolean jdkRejects = t instanceof IllegalArgumentException && isJdk(st[0].getClassName());
        boolean oom = t instanceof OutOfMemoryError;
        if (configuredCount == 0 || (!jdkRejects && !oom && !(t instanceof NegativeArraySizeException))) {
            return Long.MIN_VALUE;
        }
        if (!inLibraryOrJdk(st, 0, k)) {
            return Long.MIN_VALUE;
        }
        if (oom) {
            long sized = sizedFrom(t, configured, configuredCount);
            if (sized != Long.MIN_VALUE || overLimit(t)) {
                // The allocation limit names the count: a size computed from a set-up value
                // (Math.min(max, 100) * 2 - 1001 for a negative max) is no size the caller
                // set, however large some other set-up value was.
                return sized;
            }
        }
        List<Long> named = oom ? List.of() : numbers(t);
        for (int i = 0; i < configuredCount; i++) {
            long v = configured[i];
            if (oom ? v >= (1 << 24) : (v < 0 || v > 1) && named.contains(v)) {
                return v;
            }
        }
        return Long.MIN_VALUE;
    }

    /* The integer argument of the call that t's message names, else Long.MIN_VALUE. */
    private static long argumentIn(Throwable t) {
        long[] args = intArgs;
        for (long n : numbers(t)) {
            for (long a : args) {
                if (a == n) {
                    return a;
                }
            }
        }
        return Long.MIN_VALUE;
    }

    /*
     * An invalid code point the JDK's Character rejects (toChars, toString(int), ...) anywhere
     * under the call, when it is one of the call's integer arguments or the call has none (it
     * came from an array or collection argument): the caller's. A code point the method
     * computed from integer arguments is a bug.
     */
    private static boolean invalidCodePoint(Throwable t, StackTraceElement[] st, StackTraceElement call) {
        if (!(t instanceof IllegalArgumentException) || st.length == 0
                || !st[0].getClassName().equals("java.lang.Character")) {
            return false;
        }
        // One of its int arguments, or one of an int[] it takes; a code point it decoded from
        // text (unescapeHtml4's "&#1114112;") is its own business.
        // Or one the caller built an object with (snakeyaml's ReaderException of code point -1,
        // a Mark over an int[] of code points it gave).
        return argumentIn(t) != Long.MIN_VALUE || (intArgs.length == 0 && takesIntArray(call)) || chosenValueIn(t);
    }

    /* Takes an int[] or Integer[], or a collection or map with Integer elements or keys. */
    private static boolean takesIntArray(StackTraceElement call) {
        for (Executable e : executables(call)) {
            for (java.lang.reflect.Type p : e.getGenericParameterTypes()) {
                if (p == int[].class || p == Integer[].class) {
                    return true;
                }
                if (p instanceof java.lang.reflect.ParameterizedType) {
                    for (java.lang.reflect.Type a : ((java.lang.reflect.ParameterizedType) p).getActualTypeArguments()) {
                        if (a == Integer.class) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /*
     * An end of a collection asked of a collection (first, last, getFirst, removeLast, firstKey,
     * element, pop...: the JDK's SortedSet, SortedMap, Deque and Queue vocabulary, whose
     * NoSuchElementException on an empty one those interfaces document): commons-collections4's
     * SortedBag.first or a linked list's getFirst, which the JDK 17 interfaces do not declare.
     * Not peek or poll, which answer null.
     */
    private static boolean endOfCollection(StackTraceElement call) {
        if (!END_ACCESSORS.contains(call.getMethodName())) {
            return false;
        }
        try {
            Class<?> c = Class.forName(call.getClassName(), false, loader);
            return java.util.Collection.class.isAssignableFrom(c) || java.util.Map.class.isAssignableFrom(c)
                    || Iterable.class.isAssignableFrom(c);
        } catch (Throwable e) {
            return false;
        }
    }

    private static final java.util.Set<String> END_ACCESSORS = java.util.Set.of("first", "last", "getFirst",
            "getLast", "removeFirst", "removeLast", "firstKey", "lastKey", "element", "pop");

    private static boolean iteratorStep(StackTraceElement call) {
        String m = call.getMethodName();
        if (!(m.equals("next") || m.equals("previous") || m.equals("nextElement"))) {
            return false;
        }
        try {
            Class<?> c = Class.forName(call.getClassName(), false, loader);
            return java.util.Iterator.class.isAssignableFrom(c) || java.util.Enumeration.class.isAssignableFrom(c);
        } catch (Throwable e) {
            return false;
        }
    }

    private static boolean takesObject(StackTraceElement call) {
        for (Executable e : executables(call)) {
            if (java.util.Arrays.asList(e.getParameterTypes()).contains(Object.class)) {
                return true;
            }
        }
        return false;
    }

    /* The methods of the call's name in its class (every overload), or its constructors; none
     * when the class cannot be loaded from here. */
    private static List<Executable> executables(StackTraceElement call) {
        List<Executable> all = new ArrayList<>();
        try {
            Class<?> c = Class.forName(call.getClassName(), false, loader);
            if (call.getMethodName().equals("<init>")) {
                all.addAll(java.util.Arrays.asList(c.getDeclaredConstructors()));
            } else {
                for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                    if (m.getName().equals(call.getMethodName())) {
                        all.add(m);
                    }
                }
            }
        } catch (Throwable e) {
            // not loadable: none
        }
        return all;
    }

    private static boolean isA(Throwable t, String[] names) {
        for (Class<?> c = t.getClass(); c != null; c = c.getSuperclass()) {
            for (String n : names) {
                if (c.getName().equals(n)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean declared(Throwable t, StackTraceElement call) {
        for (Class<?> c : declaredBy(call.getClassName(), call.getMethodName())) {
            if (c.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static synchronized Class<?>[] declaredBy(String cls, String method) {
        String key = cls + "::" + method;
        Class<?>[] r = DECLARED.get(key);
        if (r != null) {
            return r;
        }
        List<Class<?>> out = new ArrayList<>();
        try {
            Class<?> c = Class.forName(cls, false, loader);
            List<Executable> all = new ArrayList<>();
            if (method.equals("<init>")) {
                for (Constructor<?> k : c.getDeclaredConstructors()) {
                    all.add(k);
                }
            } else {
                for (Class<?> s = c; s != null; s = s.getSuperclass()) {
                    for (java.lang.reflect.Method m : s.getDeclaredMethods()) {
                        if (m.getName().equals(method)) {
                            all.add(m);
                        }
                    }
                }
            }
            for (Executable e : all) {
                for (Class<?> x : e.getExceptionTypes()) {
                    out.add(x);
                }
            }
        } catch (Throwable e) {
            // Not loadable from here: nothing is declared.
        }
        r = out.toArray(new Class<?>[0]);
        DECLARED.put(key, r);
        return r;
    }

    static String packageOf(String cls) {
        int dot = cls.lastIndexOf('.');
        return dot < 0 ? "" : cls.substring(0, dot);
    }

    /*
     * A JDK class that reads a little language (Formatter's format strings, Matcher's
     * replacement strings) rejected text that came with the call: the frames under the call
     * reach `jdkClass` through the library's and the JDK's code only, and one of the call's
     * String arguments holds one of the language's `markers` (Matcher's '$' and '\\': a
     * trailing backslash is "character to be escaped is missing") (the pattern; a method that
     * builds its own pattern from its input is not excused, unless the input is that pattern).
     */
    private static boolean rejectedBy(StackTraceElement[] st, int k, String jdkClass, String markers) {
        boolean reached = false;
        String library = library(st[k - 1].getClassName());
        for (int j = 0; j < k - 1; j++) {
            String c = st[j].getClassName();
            reached |= c.equals(jdkClass) || c.startsWith(jdkClass + "$");
            if (!isJdk(c) && !library(c).equals(library)) {
                return false;
            }
        }
        if (!reached) {
            return false;
        }
        for (String a : stringArgs) {
            for (int i = 0; a != null && i < markers.length(); i++) {
                if (a.indexOf(markers.charAt(i)) >= 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /* Whether a method of that name (any overload) has a parameter of a generic type. */
    /* The called method's class has type parameters (a FailableStream<T> built erased). */
    private static boolean genericReceiver(StackTraceElement call) {
        try {
            return Class.forName(call.getClassName(), false, loader).getTypeParameters().length > 0;
        } catch (Throwable e) {
            return false;
        }
    }

    /*
     * A failed cast the compiler put in for a type argument of the call's parameters: the
     * driver, built from the erased signature, passed a value of another type there. A cast to
     * a class no type argument names (the Node of an Optional<Node> cast to its Scalar kind) is
     * the library's own, judged like any other; a type variable, or a failure whose target the
     * message does not name (an ArrayStoreException), may be any type argument.
     */
    private static boolean erasedGenerics(Throwable t, StackTraceElement call) {
        java.util.regex.Matcher m = CAST.matcher(t instanceof ClassCastException ? String.valueOf(t.getMessage()) : "");
        boolean named = m.find();
        String to = named ? m.group(2) : null;
        Class<?> from = null;
        try {
            from = named ? Class.forName(m.group(1), false, loader) : null;
        } catch (ClassNotFoundException | LinkageError unknown) {
            // a class of another loader: only the cast's target is compared
        }
        for (Executable e : executables(call)) {
            try {
                for (java.lang.reflect.Type p : e.getGenericParameterTypes()) {
                    if (!(p instanceof Class) && (to == null || castTargetIn(p, to, 0) || misfits(from, to, p))) {
                        return true;
                    }
                }
            } catch (Throwable malformed) {
                // a signature this JVM cannot read: not generic as far as we know
            }
        }
        return false;
    }

    /*
     * Whether the class that failed the cast is of the parameter's raw type with other type
     * arguments: a value no compiler would have let through (commons-math3's S1Point, a
     * Point<Sphere1D>, given to OrientedPoint.getOffset(Point<Euclidean1D>) and cast there to
     * the Vector1D every Point<Euclidean1D> is). A value that fits, cast wrongly, is the
     * library's.
     */
    private static boolean misfits(Class<?> from, String to, java.lang.reflect.Type param) {
        if (from == null || to == null || !(param instanceof java.lang.reflect.ParameterizedType)) {
            return false;
        }
        java.lang.reflect.ParameterizedType want = (java.lang.reflect.ParameterizedType) param;
        if (!(want.getRawType() instanceof Class) || !((Class<?>) want.getRawType()).isAssignableFrom(from)) {
            return false;
        }
        // The cast is to a kind of the parameter's type (the Vector1D a Point<Euclidean1D> is),
        // not of something else the value also is (a Path, an Iterable<Path>, cast to File).
        try {
            if (!((Class<?>) want.getRawType()).isAssignableFrom(Class.forName(to, false, loader))) {
                return false;
            }
        } catch (ClassNotFoundException | LinkageError unknown) {
            return false;
        }
        java.lang.reflect.Type[] has = typeArguments(from, (Class<?>) want.getRawType(), 0);
        java.lang.reflect.Type[] wanted = want.getActualTypeArguments();
        if (has == null || has.length != wanted.length) {
            return false;
        }
        for (int i = 0; i < has.length; i++) {
            if (!(has[i] instanceof Class)) {
                continue;
            }
            Class<?> actual = (Class<?>) has[i];
            java.lang.reflect.Type w = wanted[i];
            if (w instanceof Class && !w.equals(actual)) {
                return true;
            }
            if (w instanceof java.lang.reflect.WildcardType) {
                for (java.lang.reflect.Type b : ((java.lang.reflect.WildcardType) w).getUpperBounds()) {
                    if (b instanceof Class && !((Class<?>) b).isAssignableFrom(actual)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /* The type arguments c gives its supertype raw, as written in its declarations (or null). */
    private static java.lang.reflect.Type[] typeArguments(Class<?> c, Class<?> raw, int depth) {
        if (c == null || depth > 16) {
            return null;
        }
        java.util.List<java.lang.reflect.Type> supers = new ArrayList<>();
        supers.add(c.getGenericSuperclass());
        supers.addAll(java.util.Arrays.asList(c.getGenericInterfaces()));
        for (java.lang.reflect.Type s : supers) {
            if (s instanceof java.lang.reflect.ParameterizedType
                    && ((java.lang.reflect.ParameterizedType) s).getRawType() == raw) {
                return ((java.lang.reflect.ParameterizedType) s).getActualTypeArguments();
            }
        }
        for (java.lang.reflect.Type s : supers) {
            Class<?> k = s instanceof Class ? (Class<?>) s
                    : s instanceof java.lang.reflect.ParameterizedType
                            && ((java.lang.reflect.ParameterizedType) s).getRawType() instanceof Class
                                    ? (Class<?>) ((java.lang.reflect.ParameterizedType) s).getRawType()
                                    : null;
            if (k != null && raw.isAssignableFrom(k)) {
                java.lang.reflect.Type[] found = typeArguments(k, raw, depth + 1);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /*
     * Whether g, a parameter's type at depth 0, has a type argument of class `to` (a List in
     * a Map<String, List<Integer>> as well as the Integer), or a type variable, anywhere in it.
     */
    private static boolean castTargetIn(java.lang.reflect.Type g, String to, int depth) {
        if (depth > 8 || g instanceof java.lang.reflect.TypeVariable || g instanceof java.lang.reflect.GenericArrayType) {
            return true;
        }
        if (g instanceof Class) {
            return depth > 0 && ((Class<?>) g).getName().equals(to);
        }
        if (g instanceof java.lang.reflect.ParameterizedType) {
            java.lang.reflect.ParameterizedType pt = (java.lang.reflect.ParameterizedType) g;
            if (depth > 0 && castTargetIn(pt.getRawType(), to, depth)) {
                return true;
            }
            for (java.lang.reflect.Type a : pt.getActualTypeArguments()) {
                if (castTargetIn(a, to, depth + 1)) {
                    return true;
                }
            }
            return false;
        }
        if (g instanceof java.lang.reflect.WildcardType) {
            java.lang.reflect.WildcardType w = (java.lang.reflect.WildcardType) g;
            for (java.lang.reflect.Type[] bounds : new java.lang.reflect.Type[][] {w.getUpperBounds(), w.getLowerBounds()}) {
                for (java.lang.reflect.Type b : bounds) {
                    if (castTargetIn(b, to, depth)) {
                        return true;
                    }
                }
            }
            return false;
        }
        return true;
    }

    private static Map<String, String[]> readSetUp(String path) {
        Map<String, String[]> m = new HashMap<>();
        if (path == null || path.isEmpty()) {
            return m;
        }
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Paths.get(path))) {
                String[] parts = line.split(" ");
                if (line.startsWith("#") || parts.length < 3) {
                    continue;
                }
                m.put(parts[0] + " " + parts[1], java.util.Arrays.copyOfRange(parts, 2, parts.length));
            }
        } catch (java.io.IOException | RuntimeException e) {
            System.err.println("jvmfuzz: cannot read the set-up fields " + path + ": " + e);
        }
        return m;
    }

    /* One overload's record-reading lines (record_readers.rs); later: it measures an array
     * further on. */
    private static final class RecordLines {
        final int[] lines;
        final boolean later;

        RecordLines(int[] lines, boolean later) {
            this.lines = lines;
            this.later = later;
        }
    }

    private static Map<String, List<RecordLines>> readRecordReaders(String path) {
        Map<String, List<RecordLines>> m = new HashMap<>();
        if (path == null || path.isEmpty()) {
            return m;
        }
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Paths.get(path))) {
                String[] parts = line.split(" ");
                if (line.startsWith("#") || parts.length < 3 || parts.length > 4) {
                    continue;
                }
                try {
                    String[] numbers = parts[2].split(",");
                    int[] lines = new int[numbers.length];
                    for (int i = 0; i < numbers.length; i++) {
                        lines[i] = Integer.parseInt(numbers[i]);
                    }
                    boolean later = parts.length == 4 && parts[3].equals("later");
                    m.computeIfAbsent(parts[0] + "::" + parts[1], x -> new ArrayList<>())
                            .add(new RecordLines(lines, later));
                } catch (NumberFormatException bad) {
                    // This row only.
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            System.err.println("jvmfuzz: cannot read the record readers " + path + ": " + e);
        }
        return m;
    }

    /* The frame is in a record reader, at a line of that overload's own where it has measured
     * no array: 0 when not, 1 when it measures none, 2 when one of its overloads with that
     * line measures further on. */
    private static int recordReader(StackTraceElement e) {
        List<RecordLines> overloads = RECORD_READERS.get(e.getClassName() + "::" + e.getMethodName());
        if (overloads == null) {
            return 0;
        }
        int found = 0;
        for (RecordLines r : overloads) {
            for (int line : r.lines) {
                if (line == e.getLineNumber()) {
                    found = Math.max(found, r.later ? 2 : 1);
                }
            }
        }
        return found;
    }

    private static Map<String, List<String[]>> readDocumented(String path) {
        Map<String, List<String[]>> m = new HashMap<>();
        if (path == null || path.isEmpty()) {
            return m;
        }
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Paths.get(path))) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split(" ");
                if (parts.length == 2 && parts[1].equals("!")) {
                    NO_THROW.add(parts[0]);
                    continue;
                }
                if (parts.length == 2 && parts[1].equals("?")) {
                    UNCHECKED.add(parts[0]);
                    continue;
                }
                if (parts.length == 2 && parts[1].equals("-")) {
                    NOT_DIRECT.add(parts[0]);
                    continue;
                }
                if (parts.length == 2 && parts[1].equals("~")) {
                    REPORTS_INVALID.add(parts[0]);
                    continue;
                }
                List<String[]> names = new ArrayList<>();
                for (int i = 1; i < parts.length; i++) {
                    names.add(parts[i].split("\\|"));
                }
                m.put(parts[0], names);
            }
        } catch (java.io.IOException | RuntimeException e) {
            System.err.println("jvmfuzz: cannot read the Javadoc table " + path + ": " + e);
        }
        return m;
    }

    /**
     * The documented exception type t is an instance of, or null: by the library's Javadoc of
     * the method or of one it overrides, else by the JDK's Javadoc of a JDK method it
     * overrides (jdkDocumented).
     */
    private static String documented(Throwable t, StackTraceElement call) {
        String own = libraryDocumented(t, call);
        return own != null || DOCUMENTED_NAMES.isEmpty() ? own : jdkDocumented(t, call);
    }

    /* The type the library's own Javadoc documents for the call that t is an instance of. */
    private static String libraryDocumented(Throwable t, StackTraceElement call) {
        if (DOCUMENTED_NAMES.isEmpty()) {
            return null;
        }
        for (Class<?> c : documentedBy(call.getClassName(), call.getMethodName())) {
            if (c.isInstance(t)) {
                return c.getName();
            }
        }
        return null;
    }

    /*
     * The JDK's Javadoc of a method the call overrides names t's type (SortedSet.first's
     * NoSuchElementException on an empty set, Iterator.remove's UnsupportedOperationException):
     * "type of jdk.Class.method", else null. The JDK states its conditions in words the table
     * does not keep, so two kinds need the call to show them: a NullPointerException the JVM
     * raised ("Cannot ...") counts only when an Object or CharSequence argument is null (a
     * Comparator whose compare("", "") dereferences a null of its own is a bug), and an index
     * exception only when its message names an integer argument (List.get(14) on three).
     */
    private static String jdkDocumented(Throwable t, StackTraceElement call) {
        for (String d : jdkDocumentedBy(call.getClassName(), call.getMethodName())) {
            int at = d.indexOf('@');
            Class<?> c = firstThrowable(new String[] {d.substring(0, at)}, null);
            if (c == null || !c.isInstance(t)) {
                continue;
            }
            if (t instanceof NullPointerException && String.valueOf(t.getMessage()).startsWith("Cannot ")
                    && !nullArgument()) {
                continue;
            }
            if (t instanceof IndexOutOfBoundsException && indexArgumentIn(t) == Long.MIN_VALUE) {
                continue;
            }
            if (t instanceof java.util.NoSuchElementException && t.getCause() != null) {
                continue; // a failure passed on as one, not the end of the elements (translated)
            }
            return c.getName() + " of " + d.substring(at + 1) + "." + call.getMethodName();
        }
        return null;
    }

    /* An Object, CharSequence or char[] argument of the current call is null. */
    private static boolean nullArgument() {
        for (Object o : textArgs) {
            if (o == null) {
                return true;
            }
        }
        return false;
    }

    /* The library's documented types for cls::method, from cls and its library supertypes. */
    private static synchronized Class<?>[] documentedBy(String cls, String method) {
        String key = cls + "::" + method;
        Class<?>[] r = DOCUMENTED.get(key);
        if (r != null) {
            return r;
        }
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c : hierarchy(cls, method)) {
            if (isJdk(c.getName())) {
                continue;
            }
            for (String[] alternatives : DOCUMENTED_NAMES.getOrDefault(c.getName() + "::" + method, List.of())) {
                Class<?> x = firstThrowable(alternatives, c.getClassLoader());
                if (x != null) {
                    out.add(x);
                }
            }
        }
        r = out.toArray(new Class<?>[0]);
        DOCUMENTED.put(key, r);
        return r;
    }

    /* The JDK's documented types for cls::method, from cls's JDK supertypes: "type@jdk.Class". */
    private static synchronized String[] jdkDocumentedBy(String cls, String method) {
        String key = cls + "::" + method;
        String[] r = JDK_DOCUMENTED.get(key);
        if (r != null) {
            return r;
        }
        List<String> out = new ArrayList<>();
        if (!method.equals("<init>")) {
            for (Class<?> c : hierarchy(cls, method)) {
                if (!isJdk(c.getName())) {
                    continue;
                }
                for (String[] alternatives : DOCUMENTED_NAMES.getOrDefault(c.getName() + "::" + method, List.of())) {
                    Class<?> x = firstThrowable(alternatives, null);
                    // AutoCloseable.close's "@throws Exception" would excuse anything.
                    boolean tooWide = x == Exception.class || x == Throwable.class
                            || x == RuntimeException.class || x == Error.class;
                    if (x != null && !tooWide) {
                        out.add(x.getName() + "@" + c.getName());
                    }
                }
            }
        }
        r = out.toArray(new String[0]);
        JDK_DOCUMENTED.put(key, r);
        return r;
    }

    /*
     * cls, then its superclasses and interfaces breadth first (the Javadoc may sit on an
     * overridden method or an interface's); cls alone for a constructor. Empty when cls is not
     * loadable from here.
     */
    private static List<Class<?>> hierarchy(String cls, String method) {
        List<Class<?>> out = new ArrayList<>();
        try {
            java.util.ArrayDeque<Class<?>> todo = new java.util.ArrayDeque<>();
            java.util.Set<Class<?>> seen = new java.util.HashSet<>();
            todo.add(Class.forName(cls, false, loader));
            while (!todo.isEmpty()) {
                Class<?> c = todo.poll();
                if (!seen.add(c)) {
                    continue;
                }
                out.add(c);
                if (method.equals("<init>")) {
                    break;
                }
                if (c.getSuperclass() != null) {
                    todo.add(c.getSuperclass());
                }
                todo.addAll(java.util.Arrays.asList(c.getInterfaces()));
            }
        } catch (Throwable e) {
            // Not loadable from here: nothing is documented.
        }
        return out;
    }

    private static Class<?> firstThrowable(String[] names, ClassLoader l) {
        for (String n : names) {
            try {
                Class<?> x = Class.forName(n, false, l);
                if (Throwable.class.isAssignableFrom(x)) {
                    return x;
                }
            } catch (Throwable e) {
                // Not this alternative.
            }
        }
        return null;
    }

    private static boolean ownArgumentCheck(Throwable t, StackTraceElement[] st, int k) {
        // Format strings are judged by where the pattern came from (rejectedBy), not here.
        if (!(t instanceof IllegalArgumentException) || t instanceof java.util.IllegalFormatException) {
            return false;
        }
        String library = library(st[k - 1].getClassName());
        if (st[0].getClassName().equals("java.lang.Character")) {
            // Code points are judged by where they came from (invalidCodePoint), not here.
            return false;
        }
        if (isJdk(st[0].getClassName())) {
            int first = 0;
            while (first < k && isJdk(st[first].getClassName())) {
                first++;
            }
            // Handed straight to the JDK; but a number in the message that is none of the
            // integer arguments is a value the method computed (" ".repeat(n - 2)), and a
            // method whose Javadoc promises another type for bad values breaks its promise
            // (StringUtils.join's ArrayIndexOutOfBoundsException).
            return first == k - 1 && (t instanceof NumberFormatException || !computedNumber(t, st[k - 1]))
                    && !documentsOtherUnchecked(t, st[k - 1]) && !breaksNullPromise(t, st[k - 1]);
        }
        if (!isPrecondition(st[0]) && !library(st[0].getClassName()).equals(library)) {
            return false;
        }
        // A lower layer's refusal (another class's) that the method lets out where its Javadoc
        // promises another type for bad input breaks that promise.
        if (!st[0].getClassName().equals(st[k - 1].getClassName()) && !isPrecondition(st[0])
                && promisesOwnReport(t, st[k - 1])) {
            return false;
        }
        for (int i = 1; i < k; i++) {
            String c = st[i].getClassName();
            if (!library(c).equals(library) && !isJdk(c)) {
                return false;
            }
        }
        return !throughInheritedJdkMethod(st, k);
    }

    /*
     * The library called itself through a method its class inherits from the JDK (a
     * java.text.Format's format(Object) calling the library's own format(Object,
     * StringBuffer, FieldPosition)): a check below it judges the value the library handed
     * itself (CompositeFormat.reformat formatting the null its parser returned), not the
     * caller's. A JDK frame that is no superclass's (a cache's computeIfAbsent, a stream
     * running a lambda) passes the caller's values on as they were.
     */
    private static boolean throughInheritedJdkMethod(StackTraceElement[] st, int k) {
        for (int i = 1; i + 1 < k; i++) {
            if (!isJdk(st[i].getClassName()) || isJdk(st[i - 1].getClassName())) {
                continue;
            }
            try {
                Class<?> jdk = Class.forName(st[i].getClassName(), false, ClassLoader.getPlatformClassLoader());
                Class<?> own = Class.forName(st[i - 1].getClassName(), false, loader);
                if (jdk != Object.class && jdk.isAssignableFrom(own)) {
                    return true;
                }
            } catch (ClassNotFoundException | LinkageError unknown) {
                // not loadable from here: not known to be inherited
            }
        }
        return false;
    }

    /*
     * The package every method under test lies in (org.jsoup for --package org.jsoup), or ""
     * when that is no library's own: none, or a top-level domain alone (org, com). A run over
     * two libraries under one organisation's prefix (com.google's) would make them one.
     */
    private static String root = "";

    static String commonRoot(java.util.Collection<String> pkgs) {
        String[] common = null;
        int n = 0;
        for (String p : pkgs) {
            String[] parts = p.split("\\.");
            if (common == null) {
                common = parts;
                n = parts.length;
                continue;
            }
            int i = 0;
            while (i < n && i < parts.length && parts[i].equals(common[i])) {
                i++;
            }
            n = i;
        }
        if (common == null || n == 0 || common[0].isEmpty()) {
            return "";
        }
        String r = String.join(".", java.util.Arrays.copyOf(common, n));
        return n == 1 && TOP_LEVEL.contains(r) ? "" : r;
    }

    private static final java.util.Set<String> TOP_LEVEL =
            java.util.Set.of("org", "com", "net", "io", "edu", "gov", "de", "uk", "fr", "ch", "nl", "me", "dev", "info");

    /*
     * The package, cut to its first three segments: what "the library" means above. A class
     * under the root of the packages under test, when that root has fewer segments (jsoup's
     * org.jsoup.nodes, org.jsoup.select and org.jsoup.helper under org.jsoup), belongs to that
     * root: one library (a dependency under the same root too).
     */
    static String library(String className) {
        return library(className, root);
    }

    static String library(String className, String under) {
        int dot = className.lastIndexOf('.');
        String pkg = dot < 0 ? "" : className.substring(0, dot);
        if (!under.isEmpty() && pkg.startsWith(under) && (pkg.length() == under.length() || pkg.charAt(under.length()) == '.')
                && under.indexOf('.', under.indexOf('.') + 1) < 0) {
            return under;
        }
        int cut = -1;
        for (int i = 0; i < 3; i++) {
            cut = pkg.indexOf('.', cut + 1);
            if (cut < 0) {
                return pkg;
            }
        }
        return pkg.substring(0, cut);
    }

    private static boolean bridgeCast(Throwable t, StackTraceElement[] st) {
        if (!(t instanceof ClassCastException) || st.length == 0) {
            return false;
        }
        try {
            Class<?> c = Class.forName(st[0].getClassName(), false, loader);
            for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                if (m.isBridge() && m.getName().equals(st[0].getMethodName())) {
                    return true;
                }
            }
        } catch (Throwable e) {
            // Unknown class: not a bridge we can see.
        }
        return false;
    }

    private static boolean isJdk(String c) {
        if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")) {
            return true;
        }
        // javax.crypto and com.sun.org.apache.* are the JDK's, javax.servlet is not: asked of
        // the platform class loader (which only finds the JDK's classes), once per name.
        boolean maybe = c.startsWith("javax.") || c.startsWith("com.sun.") || c.startsWith("org.w3c.")
                || c.startsWith("org.xml.") || c.startsWith("org.ietf.");
        return maybe && PLATFORM.computeIfAbsent(c, Expected::onPlatform);
    }

    private static final Map<String, Boolean> PLATFORM = new java.util.concurrent.ConcurrentHashMap<>();

    private static boolean onPlatform(String c) {
        try {
            return Class.forName(c, false, ClassLoader.getPlatformClassLoader()) != null;
        } catch (ClassNotFoundException | LinkageError notThere) {
            return false;
        }
    }

    /*
     * throwInternal, _reportError: a helper whose name says what it throws (jackson-core's
     * VersionUtil.throwInternal, ObjectReadContext.Base._reportUnsupportedOperation), called
     * directly. The bare word (a fail(why) that throws only on some arguments) and the prefix
     * before a lower-case letter (reporter) are no such name.
     */
    private static boolean namedForThrowing(String m) {
        String bare = m.startsWith("_") ? m.substring(1) : m;
        for (String p : new String[] {"throw", "report"}) {
            if (bare.startsWith(p) && bare.length() > p.length() && Character.isUpperCase(bare.charAt(p.length()))) {
                return true;
            }
        }
        return false;
    }

    /* Every frame above the call is a helper named for throwing, or the call's own method. */
    private static boolean thrownByThrowers(StackTraceElement[] st, int k) {
        for (int i = 0; i < k - 1; i++) {
            boolean same = st[i].getClassName().equals(st[k - 1].getClassName())
                    && st[i].getMethodName().equals(st[k - 1].getMethodName());
            if (!same && !namedForThrowing(st[i].getMethodName())) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPrecondition(StackTraceElement e) {
        String c = e.getClassName();
        String m = e.getMethodName();
        return (c.equals("java.util.Objects") && m.startsWith("require"))
                || (c.endsWith(".Preconditions") && m.startsWith("check"))
                || c.endsWith(".Validate");
    }
}
