// AppGroups
