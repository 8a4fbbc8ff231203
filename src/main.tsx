import { startApp } from './platform/firstScreen/startApp';
import { registerServiceWorker } from './platform/offline/serviceWorker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void startApp(container);

// Production builds only: the installable, offline-capable app (DESIGN §13, docs/offline.md).
registerServiceWorker();
