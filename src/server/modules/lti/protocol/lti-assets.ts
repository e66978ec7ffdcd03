/** The small scripts the protocol pages load ('self' only: the pages' CSP allows no inline script). */
import type { FastifyInstance } from 'fastify';

const CLOSE_JS = `(function(){var m={subject:'org.imsglobal.lti.close'};try{(window.opener||window.parent).postMessage(m,'*')}catch(e){}})();`;
/** Asks the LMS frame to fit the page (lti.frameResize, understood by Moodle and Canvas) when its height changes. */
const RESIZE_JS = `(function(){if(window.parent===window)return;var last=0;function send(){var h=Math.ceil(document.documentElement.scrollHeight);if(h===last)return;last=h;try{window.parent.postMessage({subject:'lti.frameResize',height:h},'*')}catch(e){}}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',send);else send();window.addEventListener('load',send);window.addEventListener('resize',send);})();`;
const SUBMIT_JS = `document.addEventListener('DOMContentLoaded',function(){var f=document.querySelector('form[data-autosubmit]');if(f)f.submit();});`;

const ASSETS = { 'close.js': CLOSE_JS, 'resize.js': RESIZE_JS, 'autosubmit.js': SUBMIT_JS };

export function ltiAssetRoutes(r: FastifyInstance) {
  for (const [name, js] of Object.entries(ASSETS)) {
    r.get(`/lti/assets/${name}`, { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(js),
    );
  }
}
