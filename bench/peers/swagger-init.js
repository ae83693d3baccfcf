// The defaults of swagger-ui-dist's own index.html, without the standalone top bar.
window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', deepLinking: true })
