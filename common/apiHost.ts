/**
 * The spec's API host rule (§7): the page host with '-api' added to its first label,
 * app.example.com → app-api.example.com; a port stays on the host it belongs to.
 * The web app uses it to find the API; the server uses it to accept that page's calls.
 */
export function deriveApiHost(pageHost: string): string {
  const [hostname = '', port] = pageHost.split(':');
  const [firstLabel, ...rest] = hostname.split('.');
  const apiHostname = [`${firstLabel}-api`, ...rest].join('.');
  return port ? `${apiHostname}:${port}` : apiHostname;
}
