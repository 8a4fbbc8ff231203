import { boot } from './boot';

// The boot module's build entry (build/bootPlugin.ts): one file, loaded beside the app's entry.
boot();
