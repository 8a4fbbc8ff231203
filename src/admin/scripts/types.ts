import type { Script } from '../../../common/resources/script';

export type ScriptRecord = Script & { id: string };
