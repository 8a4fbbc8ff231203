import { boot } from './boot';

// The boot script's build entry (build/bootPlugin.ts): compiled into one classic script, inline in the drawn page.
boot();
