export default 'asset-url';
