import { registerMessages } from "../../lib/i18n";
import { en } from "./en";

// Imported first by main.tsx (and by the web tests' setup), before any screen asks for a text.
registerMessages("en", en);
