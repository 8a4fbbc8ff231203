import { boot } from './boot';

// The boot script's build entry (build/firstScreenBuild.ts): compiled into one classic script, inline in the drawn page.
boot();
